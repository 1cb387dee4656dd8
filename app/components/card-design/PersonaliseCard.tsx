import { useId, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { PngDataUrl } from '../../../common/card-design/draw';
import { fitProblems } from '../../../common/card-design/fit';
import { lineDesigns, type PersonalisationEntry } from '../../../common/card-design/line-designs';
import {
  PRINT_FIELD_LABELS,
  PRINT_TEXT_MAX_LENGTH,
  type PrintField,
} from '../../../common/card-design/personalisation';
import { DESIGN_UPLOAD } from '../../../common/upload-fields';
import { fieldErrors, serverDetail } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { addToCart, type CartCard } from '../../lib/cart';
import { useHydrated } from '../../lib/hydrated';
import type { RootData } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { sendForm } from '../../lib/upload';
import { useWrite } from '../../lib/use-write';
import { CardPreview, useQrMatrix } from './CardPreview';

type TextField = 'name' | 'title' | 'company';
type UploadField = 'logo' | 'signature';
const TEXT_FIELDS: TextField[] = ['name', 'title', 'company'];
const UPLOAD_FIELDS: UploadField[] = ['logo', 'signature'];

interface DesignUpload {
  id: number;
  url: string;
  /** Said when the picture was made smaller to be kept. */
  notice: string | null;
}

/** A kept picture's file (a media address, not the API), read whole for the drawing. */
async function dataUrlOf(url: string): Promise<PngDataUrl> {
  const blob = await (await fetch(url, { credentials: 'same-origin' })).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as PngDataUrl);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The printed details of a card that offers them, beside a live drawing of its front and back: text that
 * does not fit is said under its field and the card cannot go in the cart until it fits. A pack has one set
 * of details per card, each optionally for a team member's e-mail.
 */
export function PersonaliseCard({
  card,
  fields,
  packSize,
  design,
  inStock,
}: {
  card: CartCard;
  fields: PrintField[];
  packSize: number;
  design: string;
  inStock: boolean;
}) {
  const { user } = useAuth();
  const id = useId();
  const prefill = (): PersonalisationEntry => ({
    ...(fields.includes('name') && user ? { name: `${user.first_name} ${user.last_name}`.trim() } : {}),
    ...(fields.includes('title') && user?.job_title ? { title: user.job_title } : {}),
    ...(fields.includes('company') && user?.company ? { company: user.company } : {}),
    ...(fields.includes('qr') ? { qr: true } : {}),
  });
  const [entries, setEntries] = useState<PersonalisationEntry[] | null>(null);
  // Until React runs the form, a press would only be held by the form guard (app/form-guard), and what it
  // sends (the design, the pictures) lives in React's state, not in the fields: the button waits for React.
  const hydrated = useHydrated();
  const shown = entries ?? Array.from({ length: packSize }, (_, i) => (i === 0 ? prefill() : {}));
  const [current, setCurrent] = useState(0);
  // An empty card is guidance until the buyer presses "Add": then it is the reason nothing was added.
  const [triedEmpty, setTriedEmpty] = useState(false);
  const [pictures, setPictures] = useState<Record<number, PngDataUrl>>({});
  const { working: uploading, run } = useWrite<UploadField>();
  const [uploadError, setUploadError] = useState<Partial<Record<UploadField, string>>>({});
  const [uploadNotice, setUploadNotice] = useState<Partial<Record<UploadField, string>>>({});
  const entry = shown[current] ?? {};
  // The address printed on the card, on the site's public address as the print has it (printedAddress in
  // server/modules/profiles/printed-address.ts), whatever host the page was opened on; a stand-in of the same
  // length until the buyer signs in, so the preview's code is as dense as the printed one.
  const publicUrl = (useRouteLoaderData('root') as RootData | undefined)?.publicUrl;
  const qr = useQrMatrix(
    fields.includes('qr') && entry.qr && publicUrl
      ? new URL(user?.card_path ?? '/p/0000000000000000', publicUrl).href
      : undefined,
  );

  const designs = lineDesigns(shown);
  const problems = designs.map(({ printed }) => fitProblems(printed, fields));
  const here = problems[current] ?? [];
  const problemOf = (field: TextField) => here.find((problem) => problem.field === field)?.message;
  const emptyCard = designs.findIndex(({ printed }) => Object.keys(printed).length === 0);
  const blocked = problems.findIndex((list) => list.length > 0);
  // From the latest entries, not this render's: an upload's answer arrives after more typing.
  const updateCard = (index: number, patch: Partial<PersonalisationEntry>) =>
    setEntries((latest) => (latest ?? shown).map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const update = (patch: Partial<PersonalisationEntry>) => updateCard(current, patch);

  async function upload(field: UploadField, file: File) {
    const forCard = current;
    const form = new FormData();
    form.append('kind', field);
    form.append(DESIGN_UPLOAD.field, file);
    setUploadError((errors) => ({ ...errors, [field]: undefined }));
    setUploadNotice((notices) => ({ ...notices, [field]: undefined }));
    await run(
      async () => {
        const kept = await sendForm<DesignUpload>('/design-uploads/', form);
        setUploadNotice((notices) => ({ ...notices, [field]: kept.notice ?? undefined }));
        return { kept, picture: await dataUrlOf(kept.url) };
      },
      {
        key: field,
        // Said under the picture's field, not in a toast.
        failed: null,
        onDone: ({ kept, picture }) => {
          setPictures((known) => ({ ...known, [kept.id]: picture }));
          updateCard(forCard, { [field]: kept.id });
        },
        onFailed: (error) => {
          const detail = fieldErrors(error)[DESIGN_UPLOAD.field]?.[0] ?? serverDetail(error);
          setUploadError((errors) => ({
            ...errors,
            [field]: detail ?? 'The picture could not be uploaded. Please try again.',
          }));
        },
      },
    );
  }

  const images = {
    ...(entry.logo !== undefined && pictures[entry.logo] ? { logo: pictures[entry.logo] } : {}),
    ...(entry.signature !== undefined && pictures[entry.signature]
      ? { signature: pictures[entry.signature] }
      : {}),
  };
  const why =
    blocked >= 0
      ? packSize > 1
        ? `Card ${blocked + 1}: ${problems[blocked]?.[0]?.message}`
        : problems[blocked]?.[0]?.message
      : undefined;
  const empty =
    emptyCard >= 0 && blocked < 0 ? emptyGuidance(emptyCard, packSize, triedEmpty, current) : undefined;

  return (
    <section className="personalise" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Personalise your card</h2>
      <p className="muted">
        What you see is drawn exactly as we print it, at the card’s real proportions (85.60 × 53.98 mm). We
        e-mail you a proof to approve before anything is made.
      </p>
      <div className="personalise-grid">
        <CardPreview
          printed={designs[current]?.printed ?? {}}
          design={design}
          fields={fields}
          images={images}
          qr={qr}
        />
        <form
          className="personalise-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (why) return;
            if (emptyCard >= 0) {
              setTriedEmpty(true);
              setCurrent(emptyCard);
              return;
            }
            addToCart({ card, design, personalisation: shown });
            toast.success('Added to cart');
            setEntries(null);
            setCurrent(0);
            setTriedEmpty(false);
          }}
        >
          {packSize > 1 && (
            <div className="field">
              <label htmlFor={`${id}-which`}>Card</label>
              <select
                id={`${id}-which`}
                value={current}
                onChange={(event) => setCurrent(Number(event.target.value))}
              >
                {shown.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the pack's cards are numbered, never reordered
                  <option key={i} value={i}>
                    Card {i + 1} of {packSize}
                    {item.name ? `: ${item.name}` : ''}
                  </option>
                ))}
              </select>
            </div>
          )}
          {TEXT_FIELDS.filter((field) => fields.includes(field)).map((field) => {
            const problem = problemOf(field);
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
          {UPLOAD_FIELDS.filter((field) => fields.includes(field)).map((field) => (
            <div className="field" key={field}>
              {/* Signed out there is no file field, only the hint to sign in: a label names a control. */}
              <label htmlFor={user ? `${id}-${field}` : undefined}>{PRINT_FIELD_LABELS[field]}</label>
              {user ? (
                <>
                  <input
                    id={`${id}-${field}`}
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    disabled={uploading !== null}
                    aria-describedby={`${id}-${field}-hint`}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) void upload(field, file);
                      event.target.value = '';
                    }}
                  />
                  <p id={`${id}-${field}-hint`} className="field-hint">
                    {uploading === field
                      ? 'Uploading…'
                      : field === 'signature'
                        ? 'A photo of your signature in dark ink on white paper (PNG, JPEG or WebP).'
                        : 'PNG, JPEG or WebP; a transparent PNG looks best. SVG files are not accepted.'}
                  </p>
                  {entry[field] !== undefined && (
                    <button
                      type="button"
                      className="button button-outline button-small"
                      onClick={() => update({ [field]: undefined })}
                    >
                      Remove {PRINT_FIELD_LABELS[field].toLowerCase()}
                    </button>
                  )}
                  {uploadNotice[field] && !uploadError[field] && (
                    <p className="field-hint" role="status">
                      {uploadNotice[field]}
                    </p>
                  )}
                  {uploadError[field] && (
                    <p className="field-error" role="alert">
                      {uploadError[field]}
                    </p>
                  )}
                </>
              ) : (
                <p id={`${id}-${field}`} className="field-hint">
                  <Link to={`/login?next=${encodeURIComponent(`/cards/${card.slug}`)}`}>Sign in</Link> to add
                  your {PRINT_FIELD_LABELS[field].toLowerCase()}.
                </p>
              )}
            </div>
          ))}
          {fields.includes('qr') && !entry.member_email && (
            <div className="check-field">
              <input
                id={`${id}-qr`}
                type="checkbox"
                checked={entry.qr === true}
                onChange={(event) => update({ qr: event.target.checked })}
              />
              <label htmlFor={`${id}-qr`}>
                {PRINT_FIELD_LABELS.qr}
                {!user && (
                  <span className="field-hint"> (it opens your card page once you have an account)</span>
                )}
              </label>
            </div>
          )}
          {packSize > 1 && (
            <div className="field">
              <label htmlFor={`${id}-member`}>Team member’s e-mail (optional)</label>
              <input
                id={`${id}-member`}
                type="email"
                autoComplete="off"
                value={entry.member_email ?? ''}
                aria-describedby={`${id}-member-hint`}
                // The QR opens the buyer's own page: never on a card for someone else.
                onChange={(event) => update({ member_email: event.target.value, qr: undefined })}
              />
              <p id={`${id}-member-hint`} className="field-hint">
                Who this card is for: it is named on your order and your proof. When the order ships, we
                e-mail them a link to claim the card onto their own profile, and keep the card for them.
              </p>
            </div>
          )}
          {why && (
            <p className="personalise-blocked" role="status">
              {why}
            </p>
          )}
          {empty && (
            <p
              className={empty.error ? 'personalise-blocked' : 'field-hint'}
              role={empty.error ? 'alert' : 'status'}
            >
              {empty.message}
            </p>
          )}
          <button type="submit" className="button" disabled={!inStock || why !== undefined || !hydrated}>
            Add personalised card to cart
          </button>
        </form>
      </div>
    </section>
  );
}

/**
 * What to do about a card with nothing on it yet: next steps in a neutral voice while the buyer fills the
 * form, the reason nothing was added once they press "Add" with it.
 */
function emptyGuidance(
  card: number,
  packSize: number,
  tried: boolean,
  current: number,
): { message: string; error: boolean } {
  if (packSize === 1)
    return tried
      ? { message: 'Type what you would like printed before adding the card to your cart.', error: true }
      : { message: 'Type what you would like printed; the drawing follows as you type.', error: false };
  return tried
    ? {
        message: `Card ${card + 1} of ${packSize} has nothing to print yet: type a name, a title or add a picture for it, then add the pack to your cart.`,
        error: true,
      }
    : {
        message:
          card === current
            ? `Type what to print on card ${card + 1} of ${packSize}; each card of the pack is printed with its own details.`
            : `Next: card ${card + 1} of ${packSize}. Choose it under “Card” and type what to print on it.`,
        error: false,
      };
}
