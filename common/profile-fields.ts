import { SOCIAL_NETWORKS } from './social-networks.ts';

/**
 * Profile fields a user may empty on purpose (a phone number they removed): the form sends "" for them and
 * the server clears them. Any other field sent empty keeps its value.
 */
const CLEARABLE_PROFILE_FIELDS = [
  'last_name',
  'phone',
  'company',
  'job_title',
  'bio',
  'location',
  // The spec's social fields: empty removes that network's link.
  ...SOCIAL_NETWORKS,
] as const;

export function isClearableProfileField(name: string): boolean {
  return CLEARABLE_PROFILE_FIELDS.some((field) => field === name);
}
