import type { PersonalisationEntry } from '../../common/card-design/line-designs';

/** "Printed: Maya Lindqvist · Designer · logo · QR code": what a personalised line will carry, in a few words. */
function summary(entry: PersonalisationEntry): string {
  const parts = [entry.name, entry.title, entry.company].map((text) => text?.trim()).filter(Boolean);
  if (entry.logo !== undefined) parts.push('logo');
  if (entry.signature !== undefined) parts.push('signature');
  if (entry.qr) parts.push('QR code');
  return parts.join(' · ');
}

/** The printed details of a cart or order line: one card's in a line, a pack's as a short list. */
export function PrintedDetails({ entries }: { entries: PersonalisationEntry[] }) {
  if (entries.length === 1) {
    const [entry] = entries;
    return <span className="cart-printed-details">Printed: {entry ? summary(entry) : ''}</span>;
  }
  // Spans, not a list: these sit inside a table heading cell and inline summaries.
  return (
    <span className="cart-printed-details">
      {entries.length} printed cards:
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a pack's entries never reorder; their place is their identity
        <span key={index} className="cart-printed-details-card">
          {summary(entry)}
          {entry.member_email ? ` (for ${entry.member_email})` : ''}
        </span>
      ))}
    </span>
  );
}
