import { type ReactNode, useEffect, useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { LeadFormResult } from '../../lib/leads.server';

/** A field's name, its errors and what was typed in it before a failed post. */
interface LeadField {
  name: string;
  errors: string[] | undefined;
  defaultValue: string | undefined;
}

/**
 * A lead form posted to its page's action: it works without JavaScript (a light page, decision 034), and
 * with it the page stays put and shows the answer inline. Fields come as children, each spread from
 * `field(name)`: its errors, and after a failed post what was typed, so a reloaded page keeps it.
 */
export function LeadForm({
  label,
  intent,
  children,
  submitLabel,
}: {
  label: string;
  intent: string;
  children: (field: (name: string) => LeadField) => ReactNode;
  submitLabel: string;
}) {
  const result = useActionData() as (LeadFormResult & { intent?: string }) | undefined;
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const mine = result?.intent === intent ? result : undefined;

  useEffect(() => {
    if (mine?.ok) form.current?.reset();
  }, [mine]);

  return (
    <Form method="post" className="form lead-form" aria-label={label} ref={form} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {children((name) => ({ name, errors: mine?.errors?.[name], defaultValue: mine?.values?.[name] }))}
      {/* A honeypot: hidden from people and from assistive technology; bots fill it in. */}
      <div className="lead-form-honeypot" aria-hidden="true">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending...' : submitLabel}
      </button>
      {/*
        The page is posted and comes back at its top (a light page has no React to keep it in place): the
        answer takes the focus, which brings it into view and has it read out, with or without JavaScript.
      */}
      <p
        className={mine ? (mine.ok ? 'lead-form-success' : 'field-error') : 'visually-hidden'}
        role="status"
        aria-live="polite"
        tabIndex={mine ? -1 : undefined}
        // biome-ignore lint/a11y/noAutofocus: the answer the user just asked for, not a field on arrival.
        autoFocus={mine !== undefined}
      >
        {mine?.message ?? ''}
      </p>
    </Form>
  );
}
