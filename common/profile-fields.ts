/**
 * Profile fields a user may empty on purpose (a phone number they removed): the form sends "" for them and
 * the server clears them. Any other field sent empty keeps its value.
 */
const CLEARABLE_PROFILE_FIELDS = ['last_name', 'phone', 'company', 'job_title', 'bio', 'location'] as const;

export function isClearableProfileField(name: string): boolean {
  return CLEARABLE_PROFILE_FIELDS.some((field) => field === name);
}
