import type { ActionFunctionArgs } from 'react-router';
import type { NeedsScriptAnswer } from '../components/NeedsScript';
import { postedForm } from './posted-form.server';

/**
 * The action of a page whose forms call the API from the browser: posted without JavaScript (the forms say
 * `method="post"`, so a password never lands in an address), it answers this, and `NeedsScript` says so.
 * What is not a form is refused as every page action refuses it.
 */
export async function needsScriptAction({ request }: ActionFunctionArgs): Promise<NeedsScriptAnswer> {
  await postedForm(request);
  return { needsScript: true };
}
