import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { AppError, fieldErrorsFromZod } from '../../server/errors.ts';
import { consultationSchema, contactSchema, LEAD_MESSAGES } from '../../server/modules/leads/schemas.ts';
import { postedForm } from './posted-form.server';

/**
 * What a lead form's action answers; the page shows `message` inline, and `errors` beside the fields. A
 * failure gives back what was typed (`values`), so a page without React shows it again.
 */
export interface LeadFormResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
}

async function handle<S extends z.ZodType>(
  request: Request,
  schema: S,
  send: (input: z.output<S>) => Promise<void>,
): Promise<LeadFormResult> {
  // `intent` tells the page which of its forms was sent; it is not part of the message.
  const form = Object.fromEntries(
    [...(await postedForm(request)).entries()]
      .filter(([key]) => key !== 'intent')
      .map(([key, value]) => [key, String(value)]),
  );
  // The honeypot is not given back: a bot would find it filled in again.
  const { website: _honeypot, ...values } = form;
  const parsed = schema.safeParse(form);
  if (!parsed.success)
    return { ok: false, message: LEAD_MESSAGES.failed, errors: fieldErrorsFromZod(parsed.error), values };
  try {
    await send(parsed.data);
    return { ok: true, message: LEAD_MESSAGES.sent };
  } catch (error) {
    // Too many messages: say so (the spec's failure message alone would invite retrying).
    if (error instanceof AppError && error.status === 429)
      return { ok: false, message: error.detail, values };
    return { ok: false, message: LEAD_MESSAGES.failed, values };
  }
}

/** The contact form's action: works as a plain form post too (no JavaScript needed). */
export function contactAction(request: Request, context: AppLoadContext) {
  return handle(request, contactSchema, (input) => context.leads.contact(input));
}

export function consultationAction(request: Request, context: AppLoadContext) {
  return handle(request, consultationSchema, (input) => context.leads.consultation(input));
}
