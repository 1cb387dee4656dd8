import type { ReactNode } from 'react';
import type { CardPerson } from '../../../common/contact-card';
import type { CardLink, SwitchableField } from '../../../common/profile-visibility';
import type { Address } from '../../../server/modules/addresses/responses';
import { httpLink } from '../../lib/safe-link';
import { LinkIcon } from '../LinkIcon';
import { Avatar } from './Avatar';

export function formatAddress(address: Address): string {
  return [address.address, address.city, address.state, address.postal_code, address.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** The owner's choices, when the card is shown to its owner: each field then says who sees it. */
interface OwnerView {
  publicFields: readonly SwitchableField[];
  private: boolean;
}

/** Beside a field on the owner's own card: whether others see it. */
function Seen({ on, owner }: { on: boolean; owner: OwnerView | undefined }) {
  if (!owner) return null;
  const text = on ? (owner.private ? 'On card' : 'Public') : 'Only you';
  return (
    <span className="profile-visibility-tag" data-public={on || undefined}>
      {text}
    </span>
  );
}

/** A person's digital intro card: the own profile's view mode and the public profile show the same. */
export function ProfileCard({
  person,
  address,
  actions,
  headingLevel = 2,
  owner,
}: {
  person: Omit<CardPerson, 'links'> & { links: readonly (CardLink & { enabled?: boolean })[] };
  address?: Address;
  actions?: ReactNode;
  /** 1 where the card is the page (the public profile), 2 under a page's own heading. */
  headingLevel?: 1 | 2;
  /** Given on the owner's own profile: the card shows everything, marked "Public" or "Only you". */
  owner?: OwnerView;
}) {
  const Name = headingLevel === 1 ? 'h1' : 'h2';
  const shown = (field: SwitchableField) => owner?.publicFields.includes(field) ?? true;
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
  const role = [person.job_title, person.company].filter(Boolean).join(' · ');
  const directions = httpLink(person.location);
  return (
    <article className="profile-card" aria-label={`${name}'s card`}>
      <header className="profile-card-head">
        <Avatar name={name} src={person.profile_image} />
        <div>
          <Name className="profile-name">{name}</Name>
          {role && <p className="profile-role">{role}</p>}
        </div>
      </header>
      <dl className="profile-details">
        {person.phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</a>
              <Seen on={shown('phone')} owner={owner} />
            </dd>
          </>
        )}
        {person.email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${person.email}`}>{person.email}</a>
              <Seen on={shown('email')} owner={owner} />
            </dd>
          </>
        )}
        {person.company && (
          <>
            <dt>Company</dt>
            <dd>
              {person.company} <Seen on={shown('company')} owner={owner} />
            </dd>
          </>
        )}
        {person.job_title && (
          <>
            <dt>Job title</dt>
            <dd>
              {person.job_title} <Seen on={shown('job_title')} owner={owner} />
            </dd>
          </>
        )}
        {address && (
          <>
            <dt>Address</dt>
            <dd>
              {formatAddress(address)}
              {owner && <span className="profile-visibility-tag">Only you</span>}
            </dd>
          </>
        )}
      </dl>
      {person.bio && (
        <p className="profile-bio">
          {person.bio} <Seen on={shown('bio')} owner={owner} />
        </p>
      )}
      {directions && (
        <p>
          <a href={directions} target="_blank" rel="noopener noreferrer" className="directions-link">
            Get directions
          </a>{' '}
          <Seen on={shown('location')} owner={owner} />
        </p>
      )}
      {person.links.length > 0 && (
        <ul className="profile-card-links" aria-label="Links">
          {person.links.map((link) => (
            <li key={link.id}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                <LinkIcon icon={link.icon} size={18} />
                {link.title}
              </a>{' '}
              <Seen on={link.enabled !== false} owner={owner} />
            </li>
          ))}
        </ul>
      )}
      {actions && <div className="profile-actions">{actions}</div>}
    </article>
  );
}
