import cardScript from 'virtual:card-script';
import { CARD_ACCENTS } from '../../../common/card-accents';
import type { TapProofView } from '../../../common/messages/tap-proof';
import type { PublicCard } from '../../../common/profile-visibility';
import { fullName, roleLine } from '../../lib/card-page';
import type { ExchangeFormResult } from '../../lib/exchange.server';
import { useNonce } from '../../lib/nonce';
import { httpLink } from '../../lib/safe-link';
import { LinkIcon } from '../LinkIcon';
import { ExchangeForm } from './ExchangeForm';
import { type ActionGlyph, ActionIcon } from './glyphs';
import { StaticTapNote, TapProof } from './TapProof';

function initialsOf(card: PublicCard): string {
  const letters = [card.first_name, card.last_name].map((part) => Array.from(part.trim())[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

function Action({ href, glyph, label }: { href: string; glyph: ActionGlyph; label: string }) {
  const external = href.startsWith('http');
  return (
    <li>
      <a
        className="card-action"
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        <ActionIcon name={glyph} />
        {label}
      </a>
    </li>
  );
}

/**
 * A person's intro card as a page of its own: what a tapped card, a scanned code or a shared link opens.
 * Every action is there only for a field its owner made public; Share needs the script, so it stays
 * hidden until the script shows it.
 */
export function CardPage({
  profile,
  isPrivate,
  cardUrl,
  exchange,
  tapProof,
}: {
  profile: PublicCard;
  isPrivate: boolean;
  /** The card's permanent address: what Share hands on, so it keeps working if the owner renames. */
  cardUrl: string;
  /** The answer to the "Share your details" form just posted, if any. */
  exchange?: ExchangeFormResult | undefined;
  /** What the tap that opened this page proved, when a tap's signed proof came with it. */
  tapProof?: TapProofView | undefined;
}) {
  const nonce = useNonce();
  const name = fullName(profile);
  const role = roleLine(profile);
  const directions = httpLink(profile.location);
  const phone = profile.phone.replace(/[^\d+]/g, '');
  const vcard = `/api/auth/public-profile/${encodeURIComponent(profile.username)}/vcard/`;
  return (
    <>
      {/* Shown here for a private card (only its owner gets its page), by the script for a public one. */}
      <div id="edit-bar" className="edit-bar" hidden={!isPrivate}>
        <span>Only you see this bar</span>
        <a href="/profile">Edit my card</a>
      </div>
      {isPrivate && <p className="card-notice">Private: only you can see this page</p>}
      <main id="main" className="card" style={{ '--accent': CARD_ACCENTS[profile.accent].color } as never}>
        <div className="card-cover" />
        <header className="card-head">
          {profile.profile_image ? (
            <img
              className="card-photo"
              src={profile.profile_image}
              alt={name}
              width={144}
              height={144}
              fetchPriority="high"
              decoding="async"
            />
          ) : (
            <span className="card-initials" aria-hidden="true">
              {initialsOf(profile)}
            </span>
          )}
          <h1>{name}</h1>
          {role && <p className="card-role">{role}</p>}
          {tapProof === 'static' ? (
            <StaticTapNote shown={isPrivate} />
          ) : (
            tapProof && <TapProof view={tapProof} />
          )}
        </header>
        {profile.bio && <p className="card-bio">{profile.bio}</p>}
        <ul className="card-actions" aria-label="Contact">
          {phone && <Action href={`tel:${phone}`} glyph="call" label="Call" />}
          {profile.email && <Action href={`mailto:${profile.email}`} glyph="email" label="E-mail" />}
          {directions && <Action href={directions} glyph="directions" label="Directions" />}
          <li>
            <button id="card-share" type="button" className="card-action" hidden>
              <ActionIcon name="share" />
              Share
            </button>
          </li>
        </ul>
        {/*
          Right under the contact actions, so a phone's first screen shows it above the Save contact bar
          however many links follow. A private card takes no details: only its owner sees it.
        */}
        {!isPrivate && <ExchangeForm firstName={profile.first_name} ownerName={name} result={exchange} />}
        {/* Each link goes through its counting redirect (server/modules/insights/link-routes.ts). */}
        {profile.links.length > 0 && (
          <ul className="card-links" aria-label="Links">
            {profile.links.map((link) => (
              <li key={link.id}>
                <a
                  className="card-link"
                  href={`/profile/${encodeURIComponent(profile.username)}/links/${link.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <LinkIcon icon={link.icon} />
                  <span>{link.title}</span>
                  <ActionIcon name="go" className="card-link-go" />
                </a>
              </li>
            ))}
          </ul>
        )}
        <p id="card-status" className="card-status" role="status" aria-live="polite" />
        <div className="card-save-bar">
          <a id="card-save" className="card-save" href={vcard} download>
            <ActionIcon name="save" />
            Save contact
          </a>
        </div>
      </main>
      <footer className="card-foot">
        <a href="/d">Get your own intro card</a>
      </footer>
      <script
        nonce={nonce}
        data-username={profile.username}
        data-url={cardUrl}
        data-title={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own script, from the build
        dangerouslySetInnerHTML={{ __html: cardScript }}
      />
    </>
  );
}
