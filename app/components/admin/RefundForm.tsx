import { useId, useState } from 'react';
import { api, fieldErrors } from '../../lib/api';
import { formatDollars } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import { ConfirmDialog } from '../modal/ConfirmDialog';

/**
 * A refund to the card through Stripe: the amount (all that can go back, to begin with) and why, asked again
 * before it is sent. It shows as refunded once Stripe's webhook confirms it.
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
  const { busy, run } = useWrite();

  async function refund() {
    await run(() => api(`/admin/orders/${orderId}/refunds/`, { method: 'POST', body: { amount, reason } }), {
      done: `A refund of ${formatDollars(amount)} on order ${number} was sent to Stripe. It shows as refunded once Stripe confirms it.`,
      failed: 'The refund could not be made.',
      onDone: () => {
        setConfirming(false);
        setReason('');
        setErrors({});
      },
      onFailed: (error) => {
        setConfirming(false);
        setErrors(fieldErrors(error));
      },
      refresh: true,
    });
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
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount (USD)</label>
          <input
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
