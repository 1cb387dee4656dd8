import { and, eq } from 'drizzle-orm';
import { EXCHANGE_MESSAGES } from '../../../common/messages/exchange.ts';
import { USER_NOT_FOUND } from '../../../common/messages/profiles.ts';
import { describeVisit, type Visit } from '../../../common/visit-source.ts';
import type { Db } from '../../db/client.ts';
import { exchangedContacts, serials, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { countHit, enforceLimit, type Limit } from '../../http/rate-limit.ts';
import { exchangeCopyMail, exchangeOwnerMail } from '../../mail/exchange-mail.ts';
import type { Mailer } from '../../mail/index.ts';
import type { InsightsRecorder } from '../insights/recording.ts';
import { verifiedVisit } from '../insights/signed-via.ts';
import type { PublicProfile } from '../profiles/responses.ts';
import { viewCard } from '../profiles/service.ts';
import { exchangedContactVCard } from './contact-vcard.ts';
import type { ExchangeInput } from './exchange-schemas.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Details one client may share in an hour, whatever the cards: a person meets a few people, a script many. */
export const EXCHANGES_PER_CLIENT: Limit = { max: 5, windowMs: HOUR_MS };
/** Details one card may receive in an hour: a busy stand at a fair, not a flood of the owner's inbox. */
export const EXCHANGES_PER_OWNER: Limit = { max: 30, windowMs: HOUR_MS };
/** One client's share of a card's allowance: a person shares once, and may correct a typo. */
export const EXCHANGES_PER_OWNER_CLIENT: Limit = { max: 3, windowMs: HOUR_MS };
/**
 * One network's share (an IPv4 /16 or IPv6 /32: one provider's region): half the card's allowance, so that
 * one attacker's many addresses, which are usually near each other, never take all of it.
 */
export const EXCHANGES_PER_OWNER_NETWORK: Limit = { max: 15, windowMs: HOUR_MS };
/**
 * Copies one address may receive in an hour. Nobody proved the address is the sender's, so a stranger's
 * inbox gets at most this many; past it the copy is simply not sent and the answer is the same.
 */
export const COPIES_PER_ADDRESS: Limit = { max: 3, windowMs: HOUR_MS };

/**
 * The inbox an address reaches, as the copy cap counts it: most providers deliver `name+anything@` to `name@`,
 * and Gmail ignores dots in the name (and answers for googlemail.com too), so those spellings share one cap.
 */
function inboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase().split('+')[0] ?? '';
  let domain = email.slice(at + 1).toLowerCase();
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

interface ExchangeDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  insights: InsightsRecorder;
  /** Signs and checks a visit's source (the session secret). */
  secret: string;
}

/** The card someone shares their details with: as its page shows it, and who owns it. */
export interface ExchangeTarget {
  profile: PublicProfile;
  ownerId: number;
  /** The owner's account address, where their mail goes even when the card does not show it. */
  ownerEmail: string;
  ownerFirstName: string;
}

/** Who is sharing: their limit buckets, and what insights hash (never stored raw). */
interface ExchangeClient {
  id: string;
  /** The client's network (`networkIdOf`), whose share of a card's allowance is bounded too. */
  network: string;
  ip: string;
  userAgent: string;
  sessionToken: string | undefined;
}

/**
 * The card `username` as its page shows it to `viewerId`: unknown and private cards are the page's 404, and
 * the owner is told their own card takes no details.
 */
export async function exchangeTarget(db: Db, username: string, viewerId?: number): Promise<ExchangeTarget> {
  const card = await viewCard(db, username, viewerId);
  if (card.own) throw new AppError('forbidden', EXCHANGE_MESSAGES.ownCard);
  const [owner] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.username, card.profile.username))
    .limit(1);
  if (!owner) throw new AppError('not_found', USER_NOT_FOUND);
  return {
    profile: card.profile,
    ownerId: owner.id,
    ownerEmail: owner.email,
    ownerFirstName: owner.firstName,
  };
}

/**
 * The visit as stored: a source only when the server signed it for this card, and a tapped card only if it
 * is one of this owner's cards.
 */
async function checkedVisit(deps: ExchangeDeps, target: ExchangeTarget, via: string): Promise<Visit> {
  const { db } = deps;
  const ownerId = target.ownerId;
  const visit = verifiedVisit(deps.secret, target.profile.username, via);
  if (!visit.card) return visit;
  const [owned] = await db
    .select({ id: serials.id })
    .from(serials)
    .where(and(eq(serials.serial, visit.card), eq(serials.claimedBy, ownerId)))
    .limit(1);
  return owned ? visit : { source: visit.source, card: null };
}

/**
 * Keeps what a visitor shared (they consented: the schema requires it) in the owner's contacts, and in the
 * same transaction queues the owner's mail with the person's .vcf and the person's copy of what they sent. A filled honeypot is answered like a success and nothing is kept or sent, so a bot learns nothing.
 */
export async function exchangeContact(
  deps: ExchangeDeps,
  target: ExchangeTarget,
  input: ExchangeInput,
  client: ExchangeClient,
): Promise<void> {
  if (input.website.trim() !== '') return;
  const { db } = deps;
  await enforceLimit(
    db,
    `exchange:client:${client.id}`,
    EXCHANGES_PER_CLIENT,
    EXCHANGE_MESSAGES.tooManyFromClient,
  );
  // Narrowest first, each counted before the next: what a client's or a network's share refuses never
  // reaches the card's own count, so one attacker cannot spend the allowance of everyone else.
  const ownerKey = `exchange:owner:${target.ownerId}`;
  await enforceLimit(
    db,
    `${ownerKey}:client:${client.id}`,
    EXCHANGES_PER_OWNER_CLIENT,
    EXCHANGE_MESSAGES.tooManyFromClient,
  );
  await enforceLimit(
    db,
    `${ownerKey}:network:${client.network}`,
    EXCHANGES_PER_OWNER_NETWORK,
    EXCHANGE_MESSAGES.tooManyForOwner,
  );
  await enforceLimit(db, ownerKey, EXCHANGES_PER_OWNER, EXCHANGE_MESSAGES.tooManyForOwner);
  const visit = await checkedVisit(deps, target, input.via);
  const { profile } = target;
  const copyAllowed =
    input.email !== '' &&
    (await countHit(db, `exchange:copy:${inboxOf(input.email)}`, COPIES_PER_ADDRESS)) <=
      COPIES_PER_ADDRESS.max;
  const details = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    jobTitle: input.job_title,
    note: input.note,
  };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exchangedContacts)
      .values({ ownerId: target.ownerId, ...details, source: visit.source, cardSerial: visit.card })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await deps.mailer.sendLater(
      exchangeOwnerMail(
        { email: target.ownerEmail, firstName: target.ownerFirstName },
        details,
        describeVisit(visit),
        exchangedContactVCard(row),
        new URL('/profile#contacts', deps.publicUrl).href,
      ),
      tx,
    );
    if (copyAllowed) {
      const fullName = `${profile.first_name} ${profile.last_name}`.trim();
      await deps.mailer.sendLater(exchangeCopyMail(input.email, fullName, details), tx);
    }
  });
  deps.insights.record({
    kind: 'exchange',
    owner: { id: target.ownerId },
    visit,
    client: { ip: client.ip, userAgent: client.userAgent },
    ...(client.sessionToken ? { sessionToken: client.sessionToken } : {}),
  });
}
