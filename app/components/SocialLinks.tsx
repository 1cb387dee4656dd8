import { SOCIAL_NETWORKS, type SocialNetwork } from '../../common/social-networks';
import { httpLink } from '../lib/safe-link';
import { SOCIAL_ICONS } from './social-icons';

/** Icon links to the networks a profile has set, each opening in a new tab without handing over this page. */
export function SocialLinks({ links }: { links: Partial<Record<SocialNetwork, string>> }) {
  const set = SOCIAL_NETWORKS.flatMap((network) => {
    const href = httpLink(links[network]);
    return href ? [{ network, href }] : [];
  });
  if (set.length === 0) return null;
  return (
    <ul className="social-links" aria-label="Social profiles">
      {set.map(({ network, href }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={`social-link social-${network}`}
            title={SOCIAL_ICONS[network].label}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={SOCIAL_ICONS[network].path} fill="currentColor" />
            </svg>
            <span className="visually-hidden">{SOCIAL_ICONS[network].label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
