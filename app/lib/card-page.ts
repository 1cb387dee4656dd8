import type { PublicCard } from '../../common/profile-visibility';

type Named = Pick<PublicCard, 'first_name' | 'last_name'>;

export const fullName = (card: Named) => [card.first_name, card.last_name].filter(Boolean).join(' ');

/** "Job title at Company", or whichever of the two the owner shows. */
export const roleLine = (card: Pick<PublicCard, 'job_title' | 'company'>) =>
  [card.job_title, card.company].filter(Boolean).join(' at ');

/** The card's preview image for chat apps and social sites (server/modules/profiles/card-image.ts). */
export const cardImagePath = (username: string) =>
  `/api/auth/public-profile/${encodeURIComponent(username)}/card.png`;
