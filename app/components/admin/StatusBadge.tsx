import { statusLabel } from '../../../common/order-status';

/** A status word in a coloured pill; the colour only repeats what the word says ("Awaiting proof"). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`admin-badge admin-badge-${status}`}>{statusLabel(status)}</span>;
}
