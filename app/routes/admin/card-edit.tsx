import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MAX_PACK_SIZE, PRINT_FIELD_LABELS, PRINT_FIELDS } from '../../../common/card-design/personalisation';
import { MAX_IMAGE_BYTES, MAX_IMAGE_MB } from '../../../common/limits';
import { imageTooLarge, imageWrongType } from '../../../common/messages/images';
import { CARD_COVER_UPLOAD } from '../../../common/upload-fields';
import type { AdminCard } from '../../../server/modules/catalog/responses';
import { CardImage } from '../../components/cards/CardImage';
import { FormField, TextAreaField } from '../../components/FormField';
import { loadCardEditor } from '../../lib/admin.server';
import { fieldErrors, serverDetail } from '../../lib/api';
import { sendForm } from '../../lib/upload';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/card-edit';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data?.card ? (data.card as { name: string }).name : 'New card');

const COVER_FIELD = CARD_COVER_UPLOAD.field;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCardEditor(request, context, params.id);
}

/** "Walnut Wood" → "walnut-wood", the slug offered while a new card has none typed. */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** Creates a card or edits one: its fields, its cover image (checked again on the server) and whether it is on sale. */
export default function AdminCardEdit({ loaderData }: Route.ComponentProps) {
  const card = loaderData.card as AdminCard | null;
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { busy: saving, run } = useWrite();
  const [progress, setProgress] = useState<number | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [slug, setSlug] = useState(card?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(!!card);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function chooseCover(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    if (!file) return;
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) {
      setErrors({ ...errors, [COVER_FIELD]: [imageWrongType(CARD_COVER_UPLOAD.noun)] });
      event.currentTarget.value = '';
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setErrors({ ...errors, [COVER_FIELD]: [imageTooLarge(CARD_COVER_UPLOAD.noun)] });
      event.currentTarget.value = '';
      return;
    }
    setErrors({ ...errors, [COVER_FIELD]: [] });
    setCover(file);
    setPreview(URL.createObjectURL(file));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const source = new FormData(event.currentTarget);
    const form = new FormData();
    for (const name of ['name', 'slug', 'sku', 'price', 'category', 'description', 'stock']) {
      form.set(name, String(source.get(name) ?? ''));
    }
    form.set('active', source.get('active') ? 'true' : 'false');
    form.set('personal_fields', PRINT_FIELDS.filter((field) => source.get(`print-${field}`)).join(','));
    form.set('pack_size', String(source.get('pack_size') ?? ''));
    if (cover) form.set(COVER_FIELD, cover);
    setErrors({});
    setProgress(cover ? 0 : null);
    // The upload reports its progress itself (sendForm): the write is busy, toasts and maps the error.
    await run(
      () =>
        sendForm<AdminCard>(card ? `/admin/cards/${card.id}/` : '/admin/cards/', form, {
          method: card ? 'PATCH' : 'POST',
          onProgress: cover ? setProgress : undefined,
        }),
      {
        done: (saved) => (card ? `${saved.name} saved.` : `${saved.name} added to the catalogue.`),
        // The server's reason is the toast itself, not a line beneath it.
        failed: (error) => ({
          message: serverDetail(error) ?? 'The card could not be saved.',
        }),
        onDone: (saved) => {
          setCover(null);
          // The same editor shows the saved card: the write is not busy once it is there.
          navigate(`/admin/cards/${saved.id}`, { replace: !!card });
        },
        onFailed: (error) => setErrors(fieldErrors(error)),
      },
    );
    setProgress(null);
  }

  return (
    <>
      <p className="admin-back">
        <Link to="/admin/cards">← Catalogue</Link>
      </p>
      <div className="admin-title">
        <h1>{card ? card.name : 'New card'}</h1>
        {card?.active && (
          <Link to={`/cards/${card.slug}`} className="button button-outline button-small">
            View in the shop
          </Link>
        )}
      </div>
      <form className="form admin-form" onSubmit={save} noValidate key={card?.updated_at ?? 'new'}>
        <div className="form-grid">
          <FormField
            label="Name"
            name="name"
            required
            maxLength={120}
            defaultValue={card?.name}
            errors={errors.name}
            onChange={(event) => {
              if (!slugTouched) setSlug(slugOf(event.currentTarget.value));
            }}
          />
          <FormField
            label="Slug (the card's address: /cards/slug)"
            name="slug"
            required
            maxLength={120}
            value={slug}
            errors={errors.slug}
            onChange={(event) => {
              setSlugTouched(true);
              setSlug(event.currentTarget.value);
            }}
          />
          <FormField
            label="SKU"
            name="sku"
            required
            maxLength={40}
            defaultValue={card?.sku}
            errors={errors.sku}
          />
          <FormField
            label="Design"
            name="category"
            required
            maxLength={60}
            list="card-designs"
            defaultValue={card?.category}
            errors={errors.category}
          />
          <FormField
            label="Price (USD)"
            name="price"
            required
            inputMode="decimal"
            defaultValue={card?.price}
            errors={errors.price}
          />
          <FormField
            label="Stock (empty: not tracked)"
            name="stock"
            inputMode="numeric"
            defaultValue={card?.stock ?? ''}
            errors={errors.stock}
          />
        </div>
        <datalist id="card-designs">
          {loaderData.designs.map((design) => (
            <option key={design} value={design} />
          ))}
        </datalist>
        <TextAreaField
          label="Description"
          name="description"
          rows={5}
          maxLength={4000}
          defaultValue={card?.description}
          errors={errors.description}
        />
        <div className="field admin-cover">
          <span className="admin-cover-preview">
            <CardImage
              src={preview ?? card?.cover_image}
              alt={preview ? 'The chosen cover' : 'The current cover'}
            />
          </span>
          <div>
            <label htmlFor="cover-image">Cover image (JPEG, PNG or WebP, at most {MAX_IMAGE_MB} MB)</label>
            <input
              id="cover-image"
              type="file"
              name={COVER_FIELD}
              accept="image/jpeg,image/png,image/webp"
              onChange={chooseCover}
              aria-invalid={!!errors.cover_image?.length}
              aria-describedby={errors.cover_image?.length ? 'cover-image-error' : undefined}
            />
            {!!errors.cover_image?.length && (
              <p id="cover-image-error" className="field-error" role="alert">
                {errors.cover_image.join(' ')}
              </p>
            )}
            {!card && !cover && (
              <p className="muted">Without an image, a cover is drawn from the name and design.</p>
            )}
          </div>
        </div>
        <fieldset className="admin-personal" aria-describedby="personal-fields-help">
          <legend>Personalisation</legend>
          <p id="personal-fields-help" className="muted">
            What a buyer may have printed on this card. None: the card is sold as it is.
          </p>
          <div className="admin-personal-fields">
            {PRINT_FIELDS.map((field) => (
              <label key={field} className="admin-check">
                <input
                  type="checkbox"
                  name={`print-${field}`}
                  defaultChecked={card?.personal_fields.includes(field) ?? false}
                />{' '}
                {PRINT_FIELD_LABELS[field]}
              </label>
            ))}
          </div>
          {!!errors.personal_fields?.length && (
            <p className="field-error" role="alert">
              {errors.personal_fields.join(' ')}
            </p>
          )}
          <FormField
            label={`Cards per pack (1 to ${MAX_PACK_SIZE})`}
            name="pack_size"
            required
            inputMode="numeric"
            defaultValue={String(card?.pack_size ?? 1)}
            errors={errors.pack_size}
          />
        </fieldset>
        <label className="admin-check">
          <input type="checkbox" name="active" defaultChecked={card?.active ?? true} /> On sale in the shop
        </label>
        {progress !== null && (
          <progress max={100} value={progress} aria-label="Uploading the cover">
            {progress}%
          </progress>
        )}
        <div className="admin-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : card ? 'Save changes' : 'Add card'}
          </button>
        </div>
      </form>
      {card && (
        <p className="muted">
          {card.serial_count.toLocaleString('en-US')} serial numbers are registered for this card.{' '}
          <Link to={`/admin/serials?search=${encodeURIComponent(card.sku)}`}>See them</Link>
        </p>
      )}
    </>
  );
}
