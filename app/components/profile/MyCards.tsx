import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ClaimedCard } from '../../../server/modules/registry/responses';
import { api, fieldErrors } from '../../lib/api';
import { toastFailure } from '../../lib/toast-failure';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormField } from '../FormField';

/** "My cards": the physical intro cards whose tap opens this profile; claim one by its serial, or release it. */
export function MyCards({ initial, claimSerial }: { initial: ClaimedCard[]; claimSerial: string }) {
  const [cards, setCards] = useState(initial);
  const [serial, setSerial] = useState(claimSerial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [releasing, setReleasing] = useState<ClaimedCard | null>(null);
  const claimButton = useRef<HTMLButtonElement>(null);

  // Arriving from a tapped, unclaimed card: the claim form is what the visitor came for.
  useEffect(() => {
    if (!claimSerial) return;
    claimButton.current?.scrollIntoView({ block: 'center' });
    claimButton.current?.focus({ preventScroll: true });
  }, [claimSerial]);

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const card = await api<ClaimedCard>('/auth/cards/claim/', { method: 'POST', body: { serial } });
      setCards([card, ...cards.filter((item) => item.serial_number !== card.serial_number)]);
      setSerial('');
      setErrors({});
      toast.success('Card claimed: a tap now opens your profile.');
    } catch (error) {
      setErrors(fieldErrors(error));
      toastFailure('Claim failed', error);
    } finally {
      setBusy(false);
    }
  }

  async function release() {
    if (!releasing) return;
    try {
      await api(`/auth/cards/${releasing.serial_number}/`, { method: 'DELETE' });
      setCards(cards.filter((item) => item.serial_number !== releasing.serial_number));
      toast.success('Card released');
    } catch (error) {
      toastFailure('Release failed', error);
    } finally {
      setReleasing(null);
    }
  }

  return (
    <section className="my-cards" id="cards" aria-labelledby="cards-heading">
      <h2 id="cards-heading">My cards</h2>
      <p className="muted">Claim the smart card you received: a tap on it will open your public profile.</p>
      <form className="form claim-form" onSubmit={claim} aria-label="Claim a card">
        <FormField
          label="Serial number"
          name="serial"
          value={serial}
          onChange={(event) => setSerial(event.target.value)}
          placeholder="ABCD-EFGH-JKMN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          required
          errors={errors.serial}
        />
        <button ref={claimButton} type="submit" className="button button-small" disabled={busy}>
          {busy ? 'Claiming...' : 'Claim card'}
        </button>
      </form>
      {cards.length > 0 && (
        <ul className="address-list">
          {cards.map((card) => (
            <li key={card.serial_number} className="address-item" aria-label={`Card ${card.display}`}>
              <div>
                <p className="address-text">
                  <strong>{card.card_name}</strong> · {card.display}
                  {card.status === 'blocked' && (
                    <span className="status-badge status-cancelled">Blocked</span>
                  )}
                </p>
                <p className="muted tap-url">
                  Tap link: <a href={card.tap_url}>{card.tap_url}</a>
                </p>
              </div>
              <button
                type="button"
                className="button button-outline button-small button-danger-outline"
                onClick={() => setReleasing(card)}
                aria-label={`Release card ${card.display}`}
              >
                Release
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={releasing !== null}
        title="Release card"
        message="Release this card? A tap on it will no longer open your profile, and anyone holding it can claim it."
        confirmLabel="Release"
        onConfirm={release}
        onCancel={() => setReleasing(null)}
      />
    </section>
  );
}
