import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CARD_LIFE_MESSAGES, CARD_REPORTED_LOST } from '../../../common/messages/card-life';
import type { ClaimedCard } from '../../../server/modules/registry/responses';
import { api, fieldErrors } from '../../lib/api';
import { useClaimCard } from '../../lib/claim-card';
import { formatDate } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import { FormField } from '../FormField';
import { ConfirmDialog } from '../modal/ConfirmDialog';
import { Modal } from '../modal/Modal';

/** "j…@example.com": enough for the owner to recognise the address on a screen others may see. */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.slice(0, 1)}…${email.slice(at)}` : email;
}

function CardStatus({ card }: { card: ClaimedCard }) {
  if (card.status === 'blocked')
    return <span className="card-life-state card-life-state-blocked">Blocked by us</span>;
  if (card.lost_at) return <span className="card-life-state card-life-state-lost">Reported lost</span>;
  return <span className="card-life-state card-life-state-active">Active</span>;
}

/** The offer form: the recipient's address, and what happens when they accept. */
function TransferDialog({
  card,
  onClose,
  onOffered,
}: {
  card: ClaimedCard | null;
  onClose(): void;
  onOffered(card: ClaimedCard): void;
}) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { busy, run } = useWrite();

  useEffect(() => {
    if (!card) return;
    setEmail('');
    setErrors({});
  }, [card]);

  async function offer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!card) return;
    await run(() => api(`/auth/cards/${card.serial_number}/transfer/`, { method: 'POST', body: { email } }), {
      done: `Offer sent to ${email.trim()}. The card stays yours until they accept.`,
      failed: 'The offer could not be sent.',
      onDone: onOffered,
      onFailed: (error) => setErrors(fieldErrors(error)),
    });
  }

  return (
    <Modal open={card !== null} title="Transfer card" onClose={onClose}>
      {card && (
        <form className="form card-life-transfer-form" onSubmit={offer} aria-label="Transfer card" noValidate>
          <p>
            Give your {card.card_name} <span className="card-life-mono">{card.display}</span> to someone else.
            We e-mail them a link; when they accept with an account for that address, the card becomes theirs
            and a tap opens their profile. Until then nothing changes, and you can cancel the offer.
          </p>
          {card.transfer && <p className="muted">This replaces your offer to {card.transfer.to_email}.</p>}
          <FormField
            label="Recipient's e-mail"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={254}
            required
            errors={errors.email}
            data-autofocus
          />
          <div className="modal-actions">
            <button type="button" className="button button-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={busy || email.trim() === ''}>
              {busy ? 'Sending...' : 'Send offer'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * "My cards": the physical intro cards whose tap opens this profile. Claim one by its serial; lock a lost
 * one (a tap then shows only "reported lost"), offer one to someone by e-mail, or release it for a
 * hand-over in person.
 */
export function MyCards({
  initial,
  claimSerial,
  claimTicket,
}: {
  initial: ClaimedCard[];
  claimSerial: string;
  /** What a verified tap of a secure card gave this browser: the claim of that card needs it. */
  claimTicket: string;
}) {
  const [cards, setCards] = useState(initial);
  const [serial, setSerial] = useState(claimSerial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { busy, claim: claimCard } = useClaimCard();
  const { working, run: runOnCard } = useWrite<string>();
  const { run: runRelease } = useWrite();
  const [releasing, setReleasing] = useState<ClaimedCard | null>(null);
  const [transferring, setTransferring] = useState<ClaimedCard | null>(null);
  const claimButton = useRef<HTMLButtonElement>(null);

  // Arriving from a tapped, unclaimed card: the claim form is what the visitor came for.
  useEffect(() => {
    if (!claimSerial) return;
    claimButton.current?.scrollIntoView({ block: 'center' });
    claimButton.current?.focus({ preventScroll: true });
  }, [claimSerial]);

  const replace = (card: ClaimedCard) =>
    setCards((list) => list.map((item) => (item.serial_number === card.serial_number ? card : item)));

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await claimCard(serial, claimTicket, {
      onDone: (card) => {
        setCards([card, ...cards.filter((item) => item.serial_number !== card.serial_number)]);
        setSerial('');
        setErrors({});
      },
      onFailed: (error) => setErrors(fieldErrors(error)),
    });
  }

  async function setLost(card: ClaimedCard, lost: boolean) {
    await runOnCard(
      () => api(`/auth/cards/${card.serial_number}/lost/`, { method: lost ? 'POST' : 'DELETE' }),
      {
        key: card.serial_number,
        done: lost
          ? `Card ${card.display} locked: a tap now shows "${CARD_REPORTED_LOST}" and no one can claim it.`
          : `Card ${card.display} unlocked: a tap opens your profile again.`,
        failed: lost ? 'The card could not be locked.' : 'The card could not be unlocked.',
        onDone: replace,
      },
    );
  }

  async function cancelOffer(card: ClaimedCard) {
    await runOnCard(() => api(`/auth/cards/${card.serial_number}/transfer/`, { method: 'DELETE' }), {
      key: card.serial_number,
      done: `Offer of card ${card.display} cancelled: its link no longer works.`,
      failed: 'The offer could not be cancelled.',
      onDone: () => replace({ ...card, transfer: null }),
    });
  }

  async function release() {
    if (!releasing) return;
    await runRelease(() => api(`/auth/cards/${releasing.serial_number}/`, { method: 'DELETE' }), {
      done: 'Card released',
      failed: 'Release failed',
      onDone: () => setCards(cards.filter((item) => item.serial_number !== releasing.serial_number)),
    });
    setReleasing(null);
  }

  async function lockInstead() {
    const card = releasing;
    setReleasing(null);
    if (card) await setLost(card, true);
  }

  return (
    <section className="my-cards" id="cards" aria-labelledby="cards-heading">
      <h2 id="cards-heading">My cards</h2>
      <p className="muted">Claim the smart card you received: a tap on it will open your public profile.</p>
      <form className="form my-cards-claim-form" onSubmit={claim} aria-label="Claim a card">
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
        <ul className="card-life-list">
          {cards.map((card) => {
            const lost = card.lost_at !== null;
            const blocked = card.status === 'blocked';
            const pending = working === card.serial_number;
            return (
              <li key={card.serial_number} className="card-life-item" aria-label={`Card ${card.display}`}>
                <div className="card-life-head">
                  <p className="card-life-name">
                    <strong>{card.card_name}</strong> <span className="card-life-mono">{card.display}</span>
                  </p>
                  <CardStatus card={card} />
                </div>
                <p className="muted profile-tap-url">
                  Tap link: <a href={card.tap_url}>{card.tap_url}</a>
                </p>
                {lost && !blocked && (
                  <p className="card-life-note">
                    Since {formatDate(card.lost_at)} a tap shows &ldquo;{CARD_REPORTED_LOST}&rdquo; with our
                    contact, and no one can claim it.
                  </p>
                )}
                {card.transfer && (
                  <p className="card-life-offer">
                    <span>
                      Offered to{' '}
                      <strong title={card.transfer.to_email}>{maskedEmail(card.transfer.to_email)}</strong>{' '}
                      until {formatDate(card.transfer.expires_at)}
                    </span>
                    <button
                      type="button"
                      className="profile-link-button"
                      onClick={() => cancelOffer(card)}
                      disabled={pending}
                      aria-label={`Cancel the offer of card ${card.display}`}
                    >
                      Cancel offer
                    </button>
                  </p>
                )}
                <div className="card-life-actions">
                  <button
                    type="button"
                    className={`button button-small ${lost ? '' : 'button-outline'}`}
                    onClick={() => setLost(card, !lost)}
                    disabled={pending}
                    aria-label={`${lost ? 'Unlock' : 'Lock as lost'} card ${card.display}`}
                  >
                    {lost ? 'Unlock' : 'Lock as lost'}
                  </button>
                  {!blocked && (
                    <button
                      type="button"
                      className="button button-outline button-small"
                      onClick={() => setTransferring(card)}
                      disabled={pending}
                      aria-label={`Transfer card ${card.display}`}
                    >
                      Transfer…
                    </button>
                  )}
                  {!lost && (
                    <button
                      type="button"
                      className="button button-outline button-small button-danger-outline"
                      onClick={() => setReleasing(card)}
                      disabled={pending}
                      aria-label={`Release card ${card.display}`}
                    >
                      Release
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <TransferDialog
        card={transferring}
        onClose={() => setTransferring(null)}
        onOffered={(card) => {
          replace(card);
          setTransferring(null);
        }}
      />
      <ConfirmDialog
        open={releasing !== null}
        title="Release card"
        message={`Release ${releasing?.display ?? 'this card'}? A tap on it will no longer open your profile. ${CARD_LIFE_MESSAGES.releaseWarning}`}
        confirmLabel="Release"
        onConfirm={release}
        onCancel={() => setReleasing(null)}
      >
        <p>
          <button type="button" className="profile-link-button" onClick={lockInstead}>
            Lock as lost instead
          </button>
        </p>
      </ConfirmDialog>
    </section>
  );
}
