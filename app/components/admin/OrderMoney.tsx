import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { codeWords } from '../../../common/order-status';
import type { AdminOrder } from '../../../server/modules/orders/responses';
import { api, fieldErrors } from '../../lib/api';
import { formatDate, formatDollars } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import { AdminTable } from './AdminTable';

const FINAL = new Set(['shipped', 'delivered', 'cancelled']);

/**
 * The order's money for the firm: its state, its payments and refunds, a payment or refund recorded by hand
 * (money that did not move by card), and letting it ship before it is paid. `cardRefund` is the place of the
 * card refund form (Stripe's), when the order has card payments.
 */
export function OrderMoney({ order, cardRefund }: { order: AdminOrder; cardRefund?: ReactNode }) {
  const { payment } = order;
  return (
    <section className="admin-panel order-money" aria-labelledby="order-money">
      <h2 id="order-money">Payment</h2>
      <p>
        <strong>{payment.sentence}</strong>
      </p>
      <dl className="admin-money-figures">
        <div>
          <dt>Charged</dt>
          <dd>{formatDollars(payment.charged)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatDollars(payment.paid)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatDollars(payment.refunded)}</dd>
        </div>
        <div>
          <dt>{payment.owed_back !== '0.00' ? 'Owed back' : 'Owed'}</dt>
          <dd>{formatDollars(payment.owed_back !== '0.00' ? payment.owed_back : payment.owed)}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{payment.due_at ? formatDate(payment.due_at) : 'Once invoiced'}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{payment.rf_reference}</dd>
        </div>
      </dl>
      {order.payments.length === 0 ? (
        <p className="muted">No payment or refund recorded yet.</p>
      ) : (
        <div className="admin-table-scroll">
          <AdminTable
            rows={order.payments}
            rowKey={(entry) => entry.id}
            columns={[
              { header: 'Date', className: 'admin-nowrap', cell: (entry) => formatDate(entry.received_at) },
              {
                header: 'Kind',
                cell: (entry) =>
                  `${entry.kind === 'payment' ? 'Payment' : 'Refund'}${entry.status === 'succeeded' ? '' : ` (${entry.status})`}`,
              },
              { header: 'Method', cell: (entry) => codeWords(entry.method) },
              {
                header: 'Amount',
                cell: (entry) => `${entry.kind === 'refund' ? '−' : ''}${formatDollars(entry.amount)}`,
              },
              { header: 'Note', cell: (entry) => entry.note ?? '' },
              { header: 'By', cell: (entry) => entry.by ?? 'Automatic' },
            ]}
          />
        </div>
      )}
      <RecordMoney id={order.id} number={order.number} />
      {cardRefund}
      {!FINAL.has(order.status) && payment.owed !== '0.00' && (
        <ShipUnpaid id={order.id} reason={order.ship_unpaid_reason} />
      )}
      {order.ship_unpaid_reason && FINAL.has(order.status) && (
        <p className="muted">Allowed to ship unpaid: {order.ship_unpaid_reason}</p>
      )}
    </section>
  );
}

function FieldProblem({ id, problems }: { id: string; problems: string[] | undefined }) {
  if (!problems?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {problems.join(' ')}
    </p>
  );
}

/** A payment received or a refund made by bank transfer or otherwise; a payment mails the customer a receipt. */
function RecordMoney({ id, number }: { id: number; number: string }) {
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const key = useId();
  const field = (name: string) => ({
    id: `${key}-${name}`,
    name,
    'aria-invalid': !!errors[name]?.length,
    'aria-describedby': errors[name]?.length ? `${key}-${name}-error` : undefined,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const body = {
      kind: String(form.get('kind') ?? ''),
      method: String(form.get('method') ?? ''),
      amount: String(form.get('amount') ?? ''),
      received_on: String(form.get('received_on') ?? ''),
      note: String(form.get('note') ?? ''),
    };
    setErrors({});
    await run(() => api(`/admin/orders/${id}/payments/`, { method: 'POST', body }), {
      done:
        body.kind === 'refund'
          ? `Refund of ${formatDollars(body.amount.trim())} recorded on order ${number}.`
          : `Payment of ${formatDollars(body.amount.trim())} recorded on order ${number}; the customer has been e-mailed a receipt.`,
      failed: 'The entry could not be recorded.',
      onDone: () => formElement.reset(),
      onFailed: (error) => setErrors(fieldErrors(error)),
      refresh: true,
    });
  }

  return (
    <form className="form admin-money-form" onSubmit={submit} aria-labelledby={`${key}-title`} noValidate>
      <h3 id={`${key}-title`}>Record a payment or refund by hand</h3>
      <p className="field-hint">
        For money that did not move by card: a bank transfer, cash, a cheque. Card payments and their refunds
        are recorded by the card provider.
      </p>
      <div className="admin-money-fields">
        <div className="field">
          <label htmlFor={`${key}-kind`}>What</label>
          <select {...field('kind')} defaultValue="payment">
            <option value="payment">Payment received</option>
            <option value="refund">Refund made</option>
          </select>
          <FieldProblem id={`${key}-kind-error`} problems={errors.kind} />
        </div>
        <div className="field">
          <label htmlFor={`${key}-method`}>How</label>
          <select {...field('method')} defaultValue="bank_transfer">
            <option value="bank_transfer">Bank transfer</option>
            <option value="other">Other</option>
          </select>
          <FieldProblem id={`${key}-method-error`} problems={errors.method} />
        </div>
        <div className="field">
          <label htmlFor={`${key}-amount`}>Amount ($)</label>
          <input {...field('amount')} inputMode="decimal" autoComplete="off" required />
          <FieldProblem id={`${key}-amount-error`} problems={errors.amount} />
        </div>
        <div className="field">
          <label htmlFor={`${key}-received_on`}>Date (empty: today)</label>
          <input {...field('received_on')} type="date" />
          <FieldProblem id={`${key}-received_on-error`} problems={errors.received_on} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${key}-note`}>Note (optional)</label>
        <input {...field('note')} maxLength={500} />
        <FieldProblem id={`${key}-note-error`} problems={errors.note} />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Recording…' : 'Record'}
      </button>
    </form>
  );
}

/** Shipping waits for payment; the admin may let the order ship first, saying why (audited). */
function ShipUnpaid({ id, reason }: { id: number; reason: string | null }) {
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const key = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setErrors({});
    await run(
      () =>
        api(`/admin/orders/${id}/ship-unpaid/`, {
          method: 'POST',
          body: { reason: String(form.get('reason') ?? '') },
        }),
      {
        done: 'The order may now ship before it is paid.',
        failed: 'The reason could not be saved.',
        onFailed: (error) => setErrors(fieldErrors(error)),
        refresh: true,
      },
    );
  }

  return (
    <form className="form admin-money-form" onSubmit={submit} aria-labelledby={`${key}-title`} noValidate>
      <h3 id={`${key}-title`}>Ship before it is paid</h3>
      <p className="field-hint">
        {reason
          ? `It may ship unpaid: ${reason}`
          : 'The order ships only once it is paid, unless you say here why it may ship first.'}
      </p>
      <div className="field">
        <label htmlFor={`${key}-reason`}>Why it may ship unpaid</label>
        <input
          id={`${key}-reason`}
          name="reason"
          maxLength={500}
          defaultValue={reason ?? ''}
          required
          aria-invalid={!!errors.reason?.length}
          aria-describedby={errors.reason?.length ? `${key}-reason-error` : undefined}
        />
        <FieldProblem id={`${key}-reason-error`} problems={errors.reason} />
      </div>
      <button type="submit" className="button button-outline" disabled={busy}>
        {reason ? 'Change the reason' : 'Let it ship unpaid'}
      </button>
    </form>
  );
}
