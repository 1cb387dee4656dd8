import { useEffect, useId, useRef, useState } from 'react';
import { CARD_PAYMENT_MESSAGES as M } from '../../../common/messages/card-payments';
import { priceToCents } from '../../../common/money';
import { company } from '../../../content/company';
import { ApiError, api, fieldErrors } from '../../lib/api';
import { formatDollars } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import { ConfirmDialog } from '../modal/ConfirmDialog';

/** A form submission's own key: the server refunds one submission once, however often it is sent. */
const newKey = () => crypto.randomUUID();

/**
 * A refund to the card through Stripe: the amount (all that can go back, to begin with) and why, checked and
 * then asked again before it is sent. Stripe usually makes it at once; else it shows as refunded once
 * Stripe's webhook confirms it.
 */
export function RefundForm({
  orderId,
  number,
  refundable,
}: {
  orderId: number;
  number: string;
  /** The most that can go back to the card now ("45.00"). */
  refundable: string;
}) {
  const id = useId();
  const [amount, setAmount] = useState(refundable);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  /** What the server said that is not about one field (a refund made only in part, Stripe refusing it). */
  const [notice, setNotice] = useState<string | null>(null);
  /** Which message to move the focus to once it shows. */
  const [focus, setFocus] = useState<'amount' | 'reason' | 'notice' | null>(null);
  const [requestKey, setRequestKey] = useState(newKey);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const { busy, run } = useWrite();

  useEffect(() => {
    if (focus === 'amount') amountRef.current?.focus();
    else if (focus === 'reason') reasonRef.current?.focus();
    else if (focus === 'notice') noticeRef.current?.focus();
    if (focus) setFocus(null);
  }, [focus]);

  function showErrors(found: Record<string, string[]>, message: string | null) {
    setErrors(found);
    setNotice(message);
    setFocus(found.amount ? 'amount' : found.reason ? 'reason' : message ? 'notice' : null);
  }

  /** The checks the server makes first, so the confirm step opens only for a refund that can be made. */
  function check(): boolean {
    const found: Record<string, string[]> = {};
    const cents = priceToCents(amount.trim());
    const most = priceToCents(refundable) ?? 0;
    if (cents === undefined || cents <= 0) found.amount = [M.refundAmount];
    else if (cents > most) found.amount = [M.refundTooLarge(refundable)];
    if (reason.trim() === '' || reason.length > 500) found.reason = [M.refundReason];
    showErrors(found, null);
    return Object.keys(found).length === 0;
  }

  async function refund() {
    await run(
      () =>
        api(`/admin/orders/${orderId}/refunds/`, {
          method: 'POST',
          body: { amount, reason, request_key: requestKey },
        }),
      {
        done: (answer) =>
          answer.message ??
          `A refund of ${formatDollars(amount)} on order ${number} was sent to Stripe. ${
            answer.refunds.every((part) => part.status === 'succeeded')
              ? 'Stripe made it at once.'
              : 'It shows as refunded once Stripe confirms it.'
          }`,
        failed: 'The refund could not be made.',
        onDone: (answer) => {
          setConfirming(false);
          setReason('');
          setRequestKey(newKey());
          showErrors({}, answer.message);
        },
        onFailed: (error) => {
          setConfirming(false);
          const found = fieldErrors(error);
          showErrors(
            found,
            Object.keys(found).length === 0 && error instanceof ApiError ? error.message : null,
          );
        },
        refresh: true,
      },
    );
  }

  const problem = (field: string) =>
    errors[field]?.[0] && (
      <p id={`${id}-${field}-problem`} className="field-error" role="alert">
        {errors[field]?.[0]}
      </p>
    );

  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Refund to the card</h2>
      <p className="muted">Up to {formatDollars(refundable)} paid by card can be given back.</p>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} className="field-error" role="alert">
          {notice}
        </p>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (check()) setConfirming(true);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount ({company.currency})</label>
          <input
            ref={amountRef}
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            maxLength={20}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-problem` : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {problem('amount')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            ref={reasonRef}
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            rows={2}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-problem` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {problem('reason')}
        </div>
        <button type="submit" className="button button-outline button-danger-outline" disabled={busy}>
          Refund to the card
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Refund ${formatDollars(amount)} on order ${number}?`}
        message="Stripe gives the money back to the card the buyer paid with. A refund cannot be undone."
        confirmLabel="Refund"
        busy={busy}
        onConfirm={refund}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
