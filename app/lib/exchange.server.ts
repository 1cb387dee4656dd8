import { type AppLoadContext, data, redirect } from 'react-router';
import { EXCHANGE_MESSAGES, exchangeSent } from '../../common/messages/exchange';
import { USER_NOT_FOUND } from '../../common/messages/profiles';
import { VIA_PARAM } from '../../common/visit-source';
import { AppError, fieldErrorsFromZod, firstZodMessage } from '../../server/errors.ts';
import { exchangeSchema } from '../../server/modules/contacts/exchange-schemas.ts';
import { isFormerName } from '../../server/modules/profiles/service.ts';
import { postedForm } from './posted-form.server';
import { pageError } from './route-error.ts';

/** The fields the form gives back to the page after a refusal, so nothing typed is lost. */
const KEPT_FIELDS = ['name', 'email', 'phone', 'company', 'job_title', 'note'] as const;
type KeptField = (typeof KEPT_FIELDS)[number];
const FORM_FIELDS: readonly string[] = [...KEPT_FIELDS, 'consent'];

/** What the card page's "Share your details" action answers: the form shows it, open. */
export interface ExchangeFormResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string[]>;
  /** What was typed (after a refusal), and whether the box was ticked. */
  values?: Partial<Record<KeptField, string>> & { consent?: boolean };
}

/** The form as the API's JSON: a ticked box is `consent: true`; the URL's `?via=` stands in for the script's copy. */
function inputOf(form: FormData, url: URL): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) fields[key] = String(value);
  if ('consent' in fields) fields.consent = true;
  if (!fields.via) fields.via = url.searchParams.get(VIA_PARAM) ?? '';
  return fields;
}

function keptValues(input: Record<string, unknown>): ExchangeFormResult['values'] {
  const values: ExchangeFormResult['values'] = { consent: input.consent === true };
  for (const field of KEPT_FIELDS) if (typeof input[field] === 'string') values[field] = input[field];
  return values;
}

/**
 * The card page's action: works as a plain form post (the page has no JavaScript to speak of). Junk bodies
 * are 415/400 and a card the page would not show is its 404, before any field is read; the answer is never
 * stored by a cache.
 */
export async function exchangeAction(
  request: Request,
  context: AppLoadContext,
  username: string | undefined,
) {
  const form = await postedForm(request);
  const answer = (result: ExchangeFormResult) => data(result, { headers: { 'Cache-Control': 'no-store' } });
  const viewer = context.sessionToken ? await context.sessions.userOf(context.sessionToken) : undefined;
  let target: Awaited<ReturnType<AppLoadContext['exchange']['target']>>;
  try {
    target = await context.exchange.target(username ?? '', viewer?.id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw pageError(404, USER_NOT_FOUND);
    if (error instanceof AppError && error.status === 403)
      return answer({ ok: false, message: error.detail });
    throw error;
  }
  const url = new URL(request.url);
  // Posted to a name the owner gave up (a page opened before they renamed): the same post, to their page now.
  if (isFormerName(username ?? '', target.profile)) {
    throw redirect(`/profile/${target.profile.username}${url.search}`, 308);
  }
  const input = inputOf(form, url);
  const parsed = exchangeSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsFromZod(parsed.error);
    // A field the form has is marked beside it; anything else (a field it has not) is said above the form.
    const marked = Object.keys(errors).some((field) => FORM_FIELDS.includes(field));
    return answer({
      ok: false,
      message: marked ? EXCHANGE_MESSAGES.invalid : firstZodMessage(parsed.error),
      errors,
      values: keptValues(input),
    });
  }
  try {
    await context.exchange.share(target, parsed.data);
    return answer({ ok: true, message: exchangeSent(target.profile.first_name) });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return answer({ ok: false, message: error.detail, values: keptValues(input) });
    }
    throw error;
  }
}
