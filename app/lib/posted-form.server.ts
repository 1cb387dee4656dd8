import { pageError } from './route-error.ts';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const NOT_A_FORM = 'Send the form as application/x-www-form-urlencoded or multipart/form-data.';
const UNREADABLE_FORM = 'The form could not be read.';

/**
 * The form posted to a page action. Anyone can post anything to a page URL, so a body that is not a
 * form answers 415 and one that does not parse 400; neither may surface as a 500.
 */
export async function postedForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!FORM_TYPES.includes(type)) throw pageError(415, NOT_A_FORM);
  try {
    return await request.formData();
  } catch {
    throw pageError(400, UNREADABLE_FORM);
  }
}
