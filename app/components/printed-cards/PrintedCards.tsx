import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation';
import type { Order } from '../../../server/modules/orders/responses';
import { formatDate } from '../../lib/format';
import { MemberLink } from '../profile/MemberLink';

type PrintedDesign = Order['items'][number]['printed'][number];

/** A printed card in a few words: "Inês Carvalho · Head of Partnerships · QR code". */
function printedSummary(card: PrintedDesign): string {
  const parts = [card.name, card.title, card.company].filter(Boolean) as string[];
  if (card.logo) parts.push('logo');
  if (card.signature) parts.push('signature');
  if (card.qr) parts.push('QR code');
  return parts.join(' · ');
}

/** An order line's identity: its first printed card tells two personalised lines of one card apart. */
export function orderLineKey(line: Order['items'][number]): string {
  return `${line.card}-${line.sku}-${line.design}-${line.printed[0]?.id ?? ''}`;
}

/**
 * The printed cards of an order line as they were ordered: the front's drawing beside what it says, where
 * each Team Pack card went once shipped, and for the firm a link to each card's print file once it is made.
 */
export function PrintedCards({
  line,
  printFile,
  memberLinksOf,
}: {
  line: Order['items'][number];
  printFile?: (card: PrintedDesign) => string;
  /** The buyer's own order: an unclaimed member card's link can be sent again. */
  memberLinksOf?: number;
}) {
  if (line.printed.length === 0) return null;
  return (
    <ul className="printed-cards">
      {line.printed.map((card, index) => (
        <li key={card.id}>
          <img
            src={card.front}
            alt={`Front of printed card ${index + 1}`}
            width={120}
            height={76}
            loading="lazy"
          />
          <span>
            {printedSummary(card) || 'Pictures only'}
            {card.member_email && <span className="muted"> (for {card.member_email})</span>}
            {card.serial && (
              <span className="printed-cards-claim">
                Card <span className="printed-cards-serial">{card.serial}</span>:{' '}
                {card.claimed_at ? `claimed ${formatDate(card.claimed_at)}` : 'sent, not claimed yet'}
                {memberLinksOf !== undefined && card.member_email && !card.claimed_at && (
                  <>
                    {' '}
                    <MemberLink orderId={memberLinksOf} design={card.id} email={card.member_email} />
                  </>
                )}
              </span>
            )}
            {printFile && (
              <>
                {' '}
                {card.print_ready ? (
                  <a href={printFile(card)} download>
                    Print file (PDF)
                  </a>
                ) : (
                  <span className="muted">{PERSONALISATION_MESSAGES.printFileBeingMade}</span>
                )}
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
