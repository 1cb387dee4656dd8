import { company } from '../../content/company.ts';
import type { MailMessage } from './message.ts';
import { layout, type MailLine, text } from './templates.ts';

interface FlagInMail {
  /** The serial as printed (with dashes). */
  display: string;
  /** What kind of signal, in words. */
  kind: string;
  reason: string;
  /** The serial's page in the admin console. */
  url: string;
}

/** To the firm, at most once a day: the serials the registry flagged since the last such mail. */
export function registryFlagsMail(
  to: string,
  flags: readonly FlagInMail[],
  registryUrl: string,
): MailMessage {
  const noun = flags.length === 1 ? 'serial number was' : 'serial numbers were';
  const lines: MailLine[] = [
    `${flags.length} ${noun} flagged by the card registry since the last report. Each may be a copied chip, a copied link or a printed serial on counterfeits; open its page to see the taps and checks, then clear the flag or block the serial.`,
    ...flags.map((flag) => ({ lead: `${flag.display} — ${flag.kind}: ${flag.reason}.`, url: flag.url })),
  ];
  return {
    to,
    subject: `${company.name} registry: ${flags.length} ${flags.length === 1 ? 'serial' : 'serials'} flagged`,
    text: text(lines, registryUrl),
    html: layout('Serial numbers flagged', lines, { label: 'Open the registry', url: registryUrl }),
    link: registryUrl,
  };
}
