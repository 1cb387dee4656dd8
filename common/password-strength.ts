import { company } from '../content/company.ts';

/**
 * The one rule for a new password's strength, judged by the zxcvbn-ts estimator with the owner's own
 * words (name, e-mail) and the firm's name counted as easy guesses. The server refuses what the pages'
 * meter calls weak or fair; both import this file. The estimator and its dictionaries (about 400 kB)
 * load on first use only, once per process or page.
 */

/** zxcvbn's scale: 3 means "safely unguessable" for an online attack, about 10^8 guesses or more. */
const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn's matching grows quickly with length (up to half a second for 128 characters full of
 * look-alike symbols on a small server, blocking the event loop). The first 64 characters decide the
 * score of any real password; the rest is not analysed.
 */
const ANALYSED_LENGTH = 64;

export const PASSWORD_TOO_WEAK = 'This password is too easy to guess.';
export const PASSWORD_ADVICE =
  'Use a longer phrase of several unrelated words, or add words only you would choose.';

export type StrengthLabel = 'weak' | 'fair' | 'good' | 'strong';

export interface Strength {
  score: 0 | 1 | 2 | 3 | 4;
  label: StrengthLabel;
  acceptable: boolean;
  /** What makes it guessable, in plain English; empty when nothing specific applies. */
  advice: string[];
}

export type StrengthEstimator = (password: string, ownWords: readonly string[]) => Strength;

const LABELS: Record<Strength['score'], StrengthLabel> = {
  0: 'weak',
  1: 'weak',
  2: 'fair',
  3: 'good',
  4: 'strong',
};

// zxcvbn answers with translation keys; these are ours, in plain English.
const WARNINGS: Record<string, string> = {
  straightRow: 'A row of keys on the keyboard is easy to guess.',
  keyPattern: 'A short keyboard pattern is easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "6543" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the ten most used passwords.',
  topHundred: 'This is one of the hundred most used passwords.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is too close to a commonly used password.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names on their own are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  userInputs: `It should not contain your name, your e-mail address or "${company.name}".`,
  pwned: 'This password has appeared in a data breach.',
};

// Only hints our advice does not already give ("add another word" is PASSWORD_ADVICE).
const SUGGESTIONS: Record<string, string> = {
  l33t: 'Swapping letters for look-alikes, like "@" for "a", does not help much.',
  reverseWords: 'A common word spelt backwards is still easy to guess.',
  allUppercase: 'Capital letters throughout do not help much.',
  capitalization: 'A capital first letter does not help much.',
  dates: 'Avoid dates and years that are linked to you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years that are linked to you.',
  sequences: 'Avoid sequences like "abc" or "123".',
  repeated: 'Avoid repeated words and characters.',
  pwned: 'If you use this password anywhere else, change it there too.',
};

const tokens = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The words an attacker who knows the person and the site would try first: each fact whole, its parts
 * and its parts run together ("Jane Doe" gives "jane", "doe", "janedoe", "jane-doe"…; an e-mail
 * address also its local part), plus the firm's name and web name.
 */
export function ownWords(...facts: (string | undefined)[]): string[] {
  const firm = [company.name, company.legalName, company.email.split('@')[1]?.split('.')[0]];
  const words = new Set<string>();
  for (const fact of [...facts, ...firm]) {
    const text = fact?.trim().toLowerCase();
    if (!text) continue;
    const local = text.split('@')[0] ?? text;
    const parts = tokens(local);
    words.add(text).add(local);
    for (const glue of ['', '-', '.', '_', ' ']) words.add(parts.join(glue));
    for (const part of [...parts, ...tokens(text)]) if (part.length >= 3) words.add(part);
  }
  words.delete('');
  return [...words];
}

/** The sentence the API refuses a weak password with, and the page shows under the field. */
export function tooWeakMessage(strength: Strength): string {
  return [PASSWORD_TOO_WEAK, ...strength.advice, PASSWORD_ADVICE].join(' ');
}

let loading: Promise<StrengthEstimator> | undefined;

/** Loads zxcvbn-ts and its dictionaries once (a dynamic import keeps them out of every page's bundle). */
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  loading ??= makeEstimator().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function makeEstimator(): Promise<StrengthEstimator> {
  const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  // No Levenshtein matching: it costs over a second on some 16-character inputs. Ten look-alike swaps
  // ("p@$$w0rd" has four) cut the l33t matcher's worst case about fourfold.
  const zxcvbn = new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: ANALYSED_LENGTH,
    l33tMaxSubstitutions: 10,
  });
  return (password, words) => {
    const result = zxcvbn.check(password, [...words]);
    const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
    const hints = result.feedback.suggestions.flatMap((key) => SUGGESTIONS[key] ?? []);
    const acceptable = result.score >= MIN_PASSWORD_SCORE;
    return {
      score: result.score,
      label: LABELS[result.score],
      acceptable,
      advice: acceptable ? [] : warning ? [warning] : hints.slice(0, 1),
    };
  };
}
