import { useState } from 'react';
import { Link } from 'react-router';
import { orderChargeLines } from '../../../common/order-charges';
import { ORDER_STATUS_LABELS } from '../../../common/order-status';
import type { OrderStatus } from '../../../server/db/schema/orders';
import { AdminTable } from '../../components/admin/AdminTable';
import { OrderMoney } from '../../components/admin/OrderMoney';
import { PrintFilesProgress } from '../../components/admin/PrintFilesProgress';
import { ProofPanel } from '../../components/admin/ProofPanel';
import { RefundForm } from '../../components/admin/RefundForm';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { type MemberCard, TeamSerialsDialog } from '../../components/admin/TeamSerialsDialog';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { orderLineKey, PrintedCards } from '../../components/printed-cards/PrintedCards';
import { loadAdminOrder } from '../../lib/admin.server';
import { api, fieldErrors } from '../../lib/api';
import { formatDateTime, formatDollars } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/order-detail';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Order ${data.number}` : 'Order');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAdminOrder(request, context, params.id);
}

const ACTION_LABELS: Record<OrderStatus, string> = {
  awaiting_proof: 'Back to awaiting proof',
  pending: 'Back to pending',
  confirmed: 'Confirm order',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};

export default function AdminOrderDetail({ loaderData: order }: Route.ComponentProps) {
  const a = order.address;
  return (
    <>
      <p className="admin-back">
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <div className="admin-title">
        <h1>Order {order.number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="order-customer">
          <h2 id="order-customer">Customer</h2>
          <p>
            <Link to={`/admin/users/${order.customer.id}`}>
              {order.customer.name || order.customer.email}
            </Link>
            <br />
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
          </p>
          <h2>Ships to</h2>
          <address>
            {a.address}
            <br />
            {[a.city, a.state, a.postal_code].filter(Boolean).join(', ')}
            <br />
            {a.country}
          </address>
          <p className="muted">Placed {formatDateTime(order.created_at)}</p>
        </section>
        <StatusChanger
          id={order.id}
          next={order.next_statuses}
          number={order.number}
          memberCards={order.items.flatMap((item) =>
            item.printed
              .map((design, index) => ({ design, cardName: item.name, number: index + 1 }))
              .filter(({ design }) => design.member_email !== null),
          )}
        />
      </div>

      {(order.status === 'awaiting_proof' || order.proofs.results.length > 0) && (
        <ProofPanel
          orderId={order.id}
          awaiting={order.status === 'awaiting_proof'}
          proofs={order.proofs}
          customerEmail={order.customer.email}
        />
      )}

      <OrderMoney order={order} />

      <section className="admin-panel" aria-labelledby="order-lines">
        <h2 id="order-lines">Lines</h2>
        {order.print_files && <PrintFilesProgress files={order.print_files} />}
        <div className="admin-table-scroll">
          <AdminTable
            rows={order.items}
            rowKey={orderLineKey}
            columns={[
              {
                header: 'Card',
                cell: (item) => (
                  <>
                    {item.name}
                    <PrintedCards
                      line={item}
                      printFile={(card) => `/api/admin/orders/${order.id}/designs/${card.id}/print.pdf`}
                    />
                  </>
                ),
              },
              { header: 'Design', cell: (item) => item.design },
              { header: 'SKU', className: 'admin-nowrap', cell: (item) => item.sku },
              { header: 'Unit price', cell: (item) => formatDollars(item.unit_price) },
              { header: 'Quantity', cell: (item) => item.quantity },
              { header: 'Line total', cell: (item) => formatDollars(item.line_total) },
            ]}
            footer={
              <>
                {orderChargeLines(order).map((line) => (
                  <tr key={line.label}>
                    <th scope="row" colSpan={5}>
                      {line.label}
                    </th>
                    <td>{formatDollars(line.amount)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" colSpan={4}>
                    Total
                  </th>
                  <td>
                    {order.item_count}
                    {order.card_count !== order.item_count && (
                      <span className="admin-cards-total">
                        {order.card_count} {order.card_count === 1 ? 'card' : 'cards'}
                      </span>
                    )}
                  </td>
                  <td>{formatDollars(order.total)}</td>
                </tr>
              </>
            }
          />
        </div>
      </section>

      {order.invoices.length > 0 && (
        <section className="admin-panel" aria-labelledby="order-invoices">
          <h2 id="order-invoices">Invoices</h2>
          <ul>
            {order.invoices.map((document) => (
              <li key={document.number}>
                <a
                  href={`/api/admin/orders/${order.id}/documents/${encodeURIComponent(document.number)}.pdf`}
                  download
                >
                  {document.kind === 'invoice' ? 'Invoice' : 'Credit note'} {document.number} (PDF)
                </a>{' '}
                <span className="muted">issued {formatDateTime(document.issued_at)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {order.card_refundable !== null && order.card_refundable !== '0.00' && (
        <RefundForm
          // A new full amount after each refund: the form starts again from it.
          key={order.card_refundable}
          orderId={order.id}
          number={order.number}
          refundable={order.card_refundable}
        />
      )}

      <section className="admin-panel" aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        <ol className="admin-history">
          {order.story.map((step) => (
            <li key={step.at + step.says}>
              {step.says} <span className="muted">· {formatDateTime(step.at)}</span>
              {step.note && <p className="admin-note">Note to the customer: {step.note}</p>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/**
 * The next statuses the order may take; each change e-mails the customer, with the note when given. Marking
 * a Team Pack shipped first asks for the serial of each member's card.
 */
function StatusChanger({
  id,
  next,
  number,
  memberCards,
}: {
  id: number;
  next: OrderStatus[];
  number: string;
  memberCards: MemberCard[];
}) {
  const { busy, run } = useWrite();
  const [note, setNote] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [askSerials, setAskSerials] = useState(false);
  const [serialErrors, setSerialErrors] = useState<Record<string, string[]>>({});

  async function change(status: OrderStatus, serials?: Array<{ design: number; serial: string }>) {
    await run(
      () =>
        api(`/admin/orders/${id}/status/`, {
          method: 'POST',
          body: { status, note, ...(serials ? { serials } : {}) },
        }),
      {
        done: serials
          ? `Order ${number} is now ${ORDER_STATUS_LABELS[status].toLowerCase()}. The customer and each team member have been e-mailed.`
          : `Order ${number} is now ${ORDER_STATUS_LABELS[status].toLowerCase()}. The customer has been e-mailed.`,
        failed: 'The status could not be changed.',
        onDone: () => {
          setNote('');
          setConfirmCancel(false);
          setAskSerials(false);
          setSerialErrors({});
        },
        onFailed: (error) => setSerialErrors(fieldErrors(error)),
        refresh: true,
      },
    );
  }

  function choose(status: OrderStatus) {
    if (status === 'cancelled') setConfirmCancel(true);
    else if (status === 'shipped' && memberCards.length > 0) setAskSerials(true);
    else void change(status);
  }

  return (
    <section className="admin-panel" aria-labelledby="order-status">
      <h2 id="order-status">Status</h2>
      {next.length === 0 ? (
        <p className="muted">This order is final: its status cannot change any more.</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="status-note">Note to the customer (optional)</label>
            <textarea
              id="status-note"
              value={note}
              maxLength={500}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
              placeholder="e.g. a tracking number"
            />
          </div>
          <div className="admin-actions">
            {next.map((status) => (
              <button
                key={status}
                type="button"
                className={status === 'cancelled' ? 'button button-outline button-danger-outline' : 'button'}
                disabled={busy}
                onClick={() => choose(status)}
              >
                {ACTION_LABELS[status]}
              </button>
            ))}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel order ${number}?`}
        message="The cards go back in stock and the customer is e-mailed. A cancelled order cannot be reopened."
        confirmLabel="Cancel order"
        busy={busy}
        onConfirm={() => change('cancelled')}
        onCancel={() => setConfirmCancel(false)}
      />
      <TeamSerialsDialog
        open={askSerials}
        cards={memberCards}
        busy={busy}
        errors={serialErrors}
        onSubmit={(serials) => change('shipped', serials)}
        onCancel={() => {
          setAskSerials(false);
          setSerialErrors({});
        }}
      />
    </section>
  );
}
