import type { ReactNode } from 'react';
import type { CardPerson } from '../../../common/contact-card';
import type { Address } from '../../../server/modules/addresses/responses';
import { httpLink } from '../../lib/safe-link';
import { Avatar } from './Avatar';

export function formatAddress(address: Address): string {
  return [address.address, address.city, address.state, address.postal_code, address.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** A person's digital intro card: the own profile's view mode and the public profile show the same. */
export function ProfileCard({
  person,
  address,
  actions,
  headingLevel = 2,
}: {
  person: CardPerson;
  address?: Address;
  actions?: ReactNode;
  /** 1 where the card is the page (the public profile), 2 under a page's own heading. */
  headingLevel?: 1 | 2;
}) {
  const Name = headingLevel === 1 ? 'h1' : 'h2';
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
            </dd>
          </>
        )}
        {person.email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${person.email}`}>{person.email}</a>
            </dd>
          </>
        )}
        {person.company && (
          <>
            <dt>Company</dt>
            <dd>{person.company}</dd>
          </>
        )}
        {person.job_title && (
          <>
            <dt>Job title</dt>
            <dd>{person.job_title}</dd>
          </>
        )}
        {address && (
          <>
            <dt>Address</dt>
            <dd>{formatAddress(address)}</dd>
          </>
        )}
      </dl>
      {person.bio && <p className="profile-bio">{person.bio}</p>}
      {directions && (
        <p>
          <a href={directions} target="_blank" rel="noopener noreferrer" className="directions-link">
            Get directions
          </a>
        </p>
      )}
      {person.links.length > 0 && (
        <ul className="card-links" aria-label="Links">
          {person.links.map((link) => (
            <li key={link.id}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {actions && <div className="profile-actions">{actions}</div>}
    </article>
  );
}
