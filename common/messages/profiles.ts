import { MAX_LINKS } from '../profile-links.ts';

export const USER_NOT_FOUND = 'User not found';
export const TOO_MANY_LINKS = `A card holds at most ${MAX_LINKS} links.`;
export const LINK_URL_RULE = 'Enter a link that starts with https://, http://, mailto: or tel:.';
