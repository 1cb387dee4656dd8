/** A status word in a coloured pill; the colour only repeats what the word says. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`admin-badge admin-badge-${status}`}>{status}</span>;
}
