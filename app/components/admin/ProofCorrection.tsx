import { useId, useState } from 'react';
import { cardChanges } from '../../../common/card-design/changes';
import type { PngDataUrl } from '../../../common/card-design/draw';
import { fitProblems } from '../../../common/card-design/fit';
import { lineDesigns, type PersonalisationEntry } from '../../../common/card-design/line-designs';
import { PRINT_FIELD_LABELS, PRINT_TEXT_MAX_LENGTH } from '../../../common/card-design/personalisation';
import type { AdminProofList } from '../../../server/modules/proofs/responses';
import { CardPreview, useQrMatrix } from '../card-design/CardPreview';

type CorrectableCard = AdminProofList['cards'][number];
const TEXT_FIELDS = ['name', 'title', 'company'] as const;

/** A card's details as the correction form holds them: what it prints now, for whom. */
export const entryOf = (card: CorrectableCard): PersonalisationEntry => ({
  ...card.printed,
  member_email: card.member_email ?? undefined,
});

const compared = (cards: CorrectableCard[], entries: PersonalisationEntry[]) =>
  cards.map((card, index) => {
    const [drawn] = lineDesigns([entries[index] ?? entryOf(card)]);
    return { id: card.id, printed: drawn?.printed ?? {}, memberEmail: drawn?.memberEmail ?? null };
  });

/** What the corrected proof will show the customer as changed, in words (empty: nothing corrected yet). */
export function correctionChanges(cards: CorrectableCard[], entries: PersonalisationEntry[]): string[] {
  return cardChanges(compared(cards, cards.map(entryOf)), compared(cards, entries));
}

/** Why the corrected cards cannot be sent as they are: a text that does not fit, said as the buyer was told. */
export function correctionProblem(cards: CorrectableCard[], entries: PersonalisationEntry[]) {
  for (const [index, card] of cards.entries()) {
    const [problem] = fitProblems(compared(cards, entries)[index]?.printed ?? {}, card.fields);
    if (problem) return cards.length > 1 ? `Card ${index + 1}: ${problem.message}` : problem.message;
  }
  return undefined;
}

/**
 * The firm's correction of an order's printed cards, each card's texts beside the same live drawing the
 * buyer had on the product page (CardPreview, drawn by the function that draws the print), with its pictures
 * and its QR code as ordered.
 */
export function ProofCorrection({
  cards,
  pictures,
  entries,
  onChange,
}: {
  cards: CorrectableCard[];
  pictures: Record<string, string>;
  entries: PersonalisationEntry[];
  onChange(entries: PersonalisationEntry[]): void;
}) {
  const id = useId();
  const [current, setCurrent] = useState(0);
  const card = cards[current];
  const entry = entries[current] ?? {};
  const [drawn] = lineDesigns([entry]);
  const printed = drawn?.printed ?? {};
  const qr = useQrMatrix(card?.fields.includes('qr') && printed.qr ? card.qr_text : undefined);
  if (!card) return null;
  const picture = (upload: number | undefined) =>
    upload === undefined ? undefined : (pictures[String(upload)] as PngDataUrl | undefined);
  const logo = picture(printed.logo);
  const signature = picture(printed.signature);
  const problems = fitProblems(printed, card.fields);
  const update = (patch: Partial<PersonalisationEntry>) =>
    onChange(entries.map((item, index) => (index === current ? { ...item, ...patch } : item)));

  return (
    <div className="admin-correction">
      <CardPreview
        printed={printed}
        design={card.design}
        fields={card.fields}
        images={{ ...(logo ? { logo } : {}), ...(signature ? { signature } : {}) }}
        qr={qr}
      />
      <div className="admin-correction-fields">
        {cards.length > 1 && (
          <div className="field">
            <label htmlFor={`${id}-which`}>Card</label>
            <select
              id={`${id}-which`}
              value={current}
              onChange={(event) => setCurrent(Number(event.target.value))}
            >
              {cards.map((item, index) => (
                <option key={item.id} value={index}>
                  Card {index + 1} of {cards.length}
                  {entries[index]?.name ? `: ${entries[index]?.name}` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="muted">
          {card.line}
          {card.member_email ? ` · for ${card.member_email}` : ''}
        </p>
        {TEXT_FIELDS.filter((field) => card.fields.includes(field)).map((field) => {
          const problem = problems.find((item) => item.field === field)?.message;
          return (
            <div className="field" key={field}>
              <label htmlFor={`${id}-${field}`}>{PRINT_FIELD_LABELS[field]}</label>
              <input
                id={`${id}-${field}`}
                value={entry[field] ?? ''}
                maxLength={PRINT_TEXT_MAX_LENGTH[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-${field}-problem` : undefined}
                onChange={(event) => update({ [field]: event.target.value })}
              />
              {problem && (
                <p id={`${id}-${field}-problem`} className="field-error" role="alert">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        {(['logo', 'signature'] as const)
          .filter((field) => entry[field] !== undefined)
          .map((field) => (
            <button
              key={field}
              type="button"
              className="button button-outline button-small"
              onClick={() => update({ [field]: undefined })}
            >
              Remove {PRINT_FIELD_LABELS[field].toLowerCase()}
            </button>
          ))}
        {card.fields.includes('qr') && !card.member_email && (
          <div className="check-field">
            <input
              id={`${id}-qr`}
              type="checkbox"
              checked={entry.qr === true}
              onChange={(event) => update({ qr: event.target.checked })}
            />
            <label htmlFor={`${id}-qr`}>QR code to the customer’s card on the back</label>
          </div>
        )}
      </div>
    </div>
  );
}
