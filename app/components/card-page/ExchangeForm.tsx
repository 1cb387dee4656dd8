import { EXCHANGE_FIELD_MAX_LENGTH } from '../../../common/limits';
import { exchangeConsentLabel, shareDetailsLabel } from '../../../common/messages/exchange';
import { PHONE_MAX_LENGTH } from '../../../common/phone';
import type { ExchangeFormResult } from '../../lib/exchange.server';

type Errors = Record<string, string[]>;

/** A field's error, said beside it and tied to it (aria-describedby), or nothing. */
function describedBy(name: string, errors: Errors, hint?: string): string | undefined {
  const ids = [hint, errors[name] ? `exchange-${name}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldError({ name, errors }: { name: string; errors: Errors }) {
  const messages = errors[name];
  if (!messages) return null;
  return (
    <p id={`exchange-${name}-error`} className="card-field-error">
      {messages.join(' ')}
    </p>
  );
}

function TextField({
  name,
  label,
  errors,
  value,
  hint,
  ...input
}: {
  name: string;
  label: string;
  errors: Errors;
  value: string | undefined;
  hint?: string;
  type?: string;
  required?: boolean;
  autoComplete: string;
  maxLength: number;
}) {
  return (
    <div className="card-field">
      <label htmlFor={`exchange-${name}`}>{label}</label>
      <input
        id={`exchange-${name}`}
        name={name}
        type={input.type ?? 'text'}
        defaultValue={value ?? ''}
        autoComplete={input.autoComplete}
        maxLength={input.maxLength}
        required={input.required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, errors, hint)}
      />
      <FieldError name={name} errors={errors} />
    </div>
  );
}

/**
 * "Share your details with {first name}": a disclosure (<details>, so it opens without JavaScript) with a
 * plain form posted to the page's own URL (its `?via=` included, the fragment scrolls to the answer). Open with the answer after a post; the
 * server's messages are shown beside the fields (the form does not let the browser stop it first, so every
 * visitor reads the same words). The `via` field is empty in the HTML, which every visitor shares.
 */
export function ExchangeForm({
  firstName,
  ownerName,
  result,
}: {
  firstName: string;
  ownerName: string;
  result: ExchangeFormResult | undefined;
}) {
  const errors = result?.errors ?? {};
  const values = result?.ok ? {} : (result?.values ?? {});
  return (
    <details id="share" className="card-exchange" open={result !== undefined}>
      <summary className="card-exchange-open">{shareDetailsLabel(firstName)}</summary>
      {/*
        "#share-result" keeps the page's path and query (`?via=`); the answer it names takes the focus (it
        can hold it), which brings it into view and has it read out, with or without JavaScript.
      */}
      <form
        method="post"
        action="#share-result"
        className="card-exchange-form"
        noValidate
        aria-label={shareDetailsLabel(firstName)}
      >
        <p
          id="share-result"
          className={
            result ? (result.ok ? 'card-exchange-done' : 'card-exchange-failed') : 'card-exchange-note'
          }
          role="status"
          tabIndex={result ? -1 : undefined}
        >
          {result?.message ?? ''}
        </p>
        {!result?.ok && (
          <>
            <TextField
              name="name"
              label="Your name"
              required
              autoComplete="name"
              maxLength={EXCHANGE_FIELD_MAX_LENGTH.name}
              errors={errors}
              value={values.name}
            />
            <p id="exchange-reach-hint" className="card-field-hint">
              An e-mail address or a phone number is enough.
            </p>
            <TextField
              name="email"
              label="E-mail"
              type="email"
              autoComplete="email"
              maxLength={254}
              hint="exchange-reach-hint"
              errors={errors}
              value={values.email}
            />
            <TextField
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              hint="exchange-reach-hint"
              errors={errors}
              value={values.phone}
            />
            <TextField
              name="company"
              label="Company"
              autoComplete="organization"
              maxLength={EXCHANGE_FIELD_MAX_LENGTH.company}
              errors={errors}
              value={values.company}
            />
            <TextField
              name="job_title"
              label="Job title"
              autoComplete="organization-title"
              maxLength={EXCHANGE_FIELD_MAX_LENGTH.job_title}
              errors={errors}
              value={values.job_title}
            />
            <div className="card-field">
              <label htmlFor="exchange-note">Note (optional)</label>
              <textarea
                id="exchange-note"
                name="note"
                rows={3}
                maxLength={EXCHANGE_FIELD_MAX_LENGTH.note}
                defaultValue={values.note ?? ''}
                aria-invalid={errors.note ? true : undefined}
                aria-describedby={describedBy('note', errors)}
              />
              <FieldError name="note" errors={errors} />
            </div>
            <div className="card-consent">
              <input
                id="exchange-consent"
                name="consent"
                type="checkbox"
                value="yes"
                required
                defaultChecked={values.consent === true}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={describedBy('consent', errors)}
              />
              <label htmlFor="exchange-consent">{exchangeConsentLabel(ownerName)}</label>
              <FieldError name="consent" errors={errors} />
            </div>
            {/* A honeypot: hidden from people and from assistive technology; bots fill it in. */}
            <div className="card-honeypot" aria-hidden="true">
              <label>
                Website
                <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </div>
            {/* Where the visit came from: the script copies `?via=` here (the page's HTML is the same for all). */}
            <input id="exchange-via" type="hidden" name="via" defaultValue="" />
            <button type="submit" className="card-exchange-send">
              Send my details
            </button>
          </>
        )}
      </form>
    </details>
  );
}
