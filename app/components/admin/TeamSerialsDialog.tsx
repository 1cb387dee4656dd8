import { useState } from 'react';
import type { PrintedDesign } from '../../../server/modules/personalisation/responses';
import { Modal } from '../modal/Modal';

/** A Team Pack card printed for a member, as the shipping dialog lists it. */
export interface MemberCard {
  design: PrintedDesign;
  cardName: string;
  /** 1 first, within its line: as the proof numbers the pack's cards. */
  number: number;
}

/**
 * Marking a Team Pack shipped: the firm types the serial printed on the card packed for each member, and
 * each member is mailed a link to claim that card. The server's reason for a serial shows under its field.
 */
export function TeamSerialsDialog({
  open,
  cards,
  busy,
  errors,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  cards: MemberCard[];
  busy: boolean;
  errors: Record<string, string[]>;
  onSubmit(serials: Array<{ design: number; serial: string }>): void;
  onCancel(): void;
}) {
  const [serials, setSerials] = useState<Record<number, string>>({});
  const complete = cards.every((card) => (serials[card.design.id] ?? '').trim() !== '');

  return (
    <Modal open={open} title="Mark as shipped" onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(cards.map((card) => ({ design: card.design.id, serial: serials[card.design.id] ?? '' })));
        }}
      >
        <p>
          Enter the serial number printed on the card packed for each team member. Each member is e-mailed a
          link to claim their card onto their own profile; until then only their address can claim it.
        </p>
        <ol className="team-pack-serials">
          {cards.map((card, index) => {
            const id = `team-serial-${card.design.id}`;
            const error = errors[`serials.${card.design.id}`]?.[0];
            return (
              <li key={card.design.id} className="field">
                <label htmlFor={id}>
                  {card.cardName}, card {card.number}: {card.design.name || 'no printed name'} for{' '}
                  {card.design.member_email}
                </label>
                <input
                  id={id}
                  value={serials[card.design.id] ?? ''}
                  onChange={(event) => setSerials({ ...serials, [card.design.id]: event.target.value })}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  placeholder="e.g. 7K3M-9Q2P-XR4D"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  data-autofocus={index === 0 ? true : undefined}
                />
                {error && (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy || !complete}>
            {busy ? 'Saving...' : 'Mark as shipped'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
