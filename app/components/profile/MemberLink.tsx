import { useId, useState } from 'react';
import { api, fieldErrors, serverDetail } from '../../lib/api';
import { useWrite } from '../../lib/use-write';

/**
 * On the buyer's order: a shipped Team Pack card its member has not claimed yet can have its link sent
 * again, to the same address or a corrected one. The earlier link stops working.
 */
export function MemberLink({ orderId, design, email }: { orderId: number; design: number; email: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(email);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useWrite();

  async function send() {
    setError(null);
    await run(
      () =>
        api(`/orders/${orderId}/designs/${design}/member-link/`, { method: 'POST', body: { email: value } }),
      {
        // Said beside the field, not in a toast.
        failed: null,
        onDone: () => {
          setSentTo(value.trim().toLowerCase());
          setOpen(false);
        },
        onFailed: (failure) =>
          setError(fieldErrors(failure).email?.[0] ?? serverDetail(failure) ?? 'The link could not be sent.'),
      },
    );
  }

  return (
    <span className="member-link">
      <span role="status" aria-live="polite">
        {sentTo && `Link sent to ${sentTo}. The earlier link no longer works.`}
      </span>
      {open ? (
        <form
          className="team-pack-member-link-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={`${id}-email`}>Team member’s e-mail</label>
          <input
            id={`${id}-email`}
            type="email"
            value={value}
            maxLength={254}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <span id={`${id}-error`} className="field-error">
              {error}
            </span>
          )}
          <span className="team-pack-member-link-actions">
            <button type="submit" className="button button-small" disabled={busy}>
              {busy ? 'Sending...' : 'Send the link'}
            </button>
            <button
              type="button"
              className="button button-outline button-small"
              onClick={() => setOpen(false)}
            >
              Cancel
            </button>
          </span>
        </form>
      ) : (
        <button type="button" className="profile-link-button" onClick={() => setOpen(true)}>
          Send the link again
        </button>
      )}
    </span>
  );
}
