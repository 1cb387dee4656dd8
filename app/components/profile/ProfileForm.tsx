import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { splitFullName } from '../../../common/full-name';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MB,
  NAME_MAX_LENGTH,
  PASSWORD_LENGTH,
  PROFILE_FIELD_MAX_LENGTH,
} from '../../../common/limits';
import { PASSWORDS_DO_NOT_MATCH } from '../../../common/messages/accounts';
import { imageTooLarge } from '../../../common/messages/images';
import { PROFILE_UPDATE_FAILED, USERNAME_CHANGE_NOTICE } from '../../../common/messages/profiles';
import { PHONE_MAX_LENGTH } from '../../../common/phone';
import { isClearableProfileField } from '../../../common/profile-fields';
import { PROFILE_PHOTO_UPLOAD } from '../../../common/upload-fields';
import { fieldErrors } from '../../lib/api';
import type { User } from '../../lib/auth';
import { sendForm } from '../../lib/upload';
import { useWrite } from '../../lib/use-write';
import { FormField, TextAreaField } from '../FormField';
import { NewPasswordField } from '../NewPasswordField';
import { Avatar } from './Avatar';

const PHOTO_FIELD = PROFILE_PHOTO_UPLOAD.field;

/**
 * What the profile form sends: every non-empty field, plus "" for an optional field the user emptied,
 * so a removed link is removed. Untouched empty fields are not sent and not changed.
 */
function profileFormData(form: HTMLFormElement, user: User, photo: File | null): FormData {
  const source = new FormData(form);
  const text = (name: string) => String(source.get(name) ?? '').trim();
  const values: Record<string, string> = { ...splitFullName(text('full_name')) };
  for (const name of [
    'username',
    'email',
    'phone',
    'company',
    'job_title',
    'location',
    'password',
    'password2',
    'current_password',
  ]) {
    values[name] =
      name.startsWith('password') || name === 'current_password'
        ? String(source.get(name) ?? '')
        : text(name);
  }
  values.bio = String(source.get('bio') ?? '').trim();
  if (!values.first_name) values.last_name = '';

  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    const had = (user as unknown as Record<string, unknown>)[name];
    const cleared = isClearableProfileField(name) && typeof had === 'string' && had !== '';
    if (value !== '' || cleared) data.append(name, value);
  }
  if (photo) data.append(PHOTO_FIELD, photo, photo.name);
  return data;
}

/** Edit mode of the own profile: every field, a photo with an instant preview, and upload progress. */
export function ProfileForm({
  user,
  onSaved,
  onCancel,
}: {
  user: User;
  onSaved(user: User): void;
  onCancel(): void;
}) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { busy: saving, run } = useWrite();
  const [progress, setProgress] = useState<number | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [needsCurrentPassword, setNeedsCurrentPassword] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setErrors({ ...errors, [PHOTO_FIELD]: ['Photo must be an image file.'] });
      event.currentTarget.value = '';
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setErrors({ ...errors, [PHOTO_FIELD]: [imageTooLarge(PROFILE_PHOTO_UPLOAD.noun)] });
      event.currentTarget.value = '';
      return;
    }
    setErrors({ ...errors, [PHOTO_FIELD]: [] });
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  }

  function watchChanges(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    setNeedsCurrentPassword(
      (email !== '' && email !== user.email) || String(form.get('password') ?? '') !== '',
    );
    const username = String(form.get('username') ?? '')
      .trim()
      .toLowerCase();
    setRenaming(username !== '' && username !== user.username);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const source = new FormData(form);
    if (String(source.get('password') ?? '') !== String(source.get('password2') ?? '')) {
      setErrors({ password2: [PASSWORDS_DO_NOT_MATCH] });
      return;
    }
    setErrors({});
    setProgress(photo ? 0 : null);
    // The upload reports its progress itself (sendForm): the write is busy, toasts and maps the error.
    await run(
      () =>
        sendForm<User>('/auth/profile/', profileFormData(form, user, photo), {
          method: 'PUT',
          onProgress: photo ? setProgress : undefined,
        }),
      {
        done: (updated) =>
          updated.pending_email && updated.pending_email !== user.pending_email
            ? `Profile updated. Open the link we sent to ${updated.pending_email} to confirm it.`
            : 'Profile updated',
        // The spec's words; a reason about a field is shown beside it, any other beneath the toast.
        failed: (error) =>
          Object.keys(fieldErrors(error)).length > 0
            ? { message: PROFILE_UPDATE_FAILED }
            : PROFILE_UPDATE_FAILED,
        onDone: onSaved,
        onFailed: (error) => {
          setErrors(fieldErrors(error));
          setProgress(null);
        },
      },
    );
  }

  return (
    <form
      className="form profile-form"
      onSubmit={save}
      onChange={watchChanges}
      aria-label="Edit profile"
      aria-busy={saving}
    >
      <fieldset className="profile-form-photo-field">
        <legend>Photo</legend>
        <Avatar name={fullName} src={preview ?? user.profile_image} />
        <div>
          <label htmlFor="profile-photo" className="button button-outline button-small">
            Choose photo
          </label>
          <input
            id="profile-photo"
            className="profile-form-hidden-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={choosePhoto}
            aria-describedby="photo-hint photo-error"
          />
          <p id="photo-hint" className="muted">
            {photo ? `${photo.name} (preview)` : `JPEG, PNG or WebP, at most ${MAX_IMAGE_MB} MB.`}
          </p>
          {errors.profile_image && errors.profile_image.length > 0 && (
            <p id="photo-error" className="field-error" role="alert">
              {errors.profile_image.join(' ')}
            </p>
          )}
        </div>
      </fieldset>

      <div className="form-row">
        <FormField
          label="Full name"
          name="full_name"
          defaultValue={fullName}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH * 2 + 1}
          errors={[...(errors.first_name ?? []), ...(errors.last_name ?? [])]}
        />
        <FormField
          label="Username"
          name="username"
          defaultValue={user.username}
          autoComplete="username"
          maxLength={30}
          errors={errors.username}
        >
          {renaming && (
            <p className="field-hint" role="status">
              {USERNAME_CHANGE_NOTICE}
            </p>
          )}
        </FormField>
      </div>
      <div className="form-row">
        <FormField
          label="Email"
          name="email"
          type="email"
          defaultValue={user.email}
          autoComplete="email"
          hint="A new address changes only once you open the link we send to it."
          errors={errors.email}
        />
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          defaultValue={user.phone}
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          errors={errors.phone}
        />
      </div>
      <div className="form-row">
        <FormField
          label="Company"
          name="company"
          defaultValue={user.company}
          autoComplete="organization"
          maxLength={PROFILE_FIELD_MAX_LENGTH.company}
          errors={errors.company}
        />
        <FormField
          label="Job title"
          name="job_title"
          defaultValue={user.job_title}
          autoComplete="organization-title"
          maxLength={PROFILE_FIELD_MAX_LENGTH.job_title}
          errors={errors.job_title}
        />
      </div>
      <TextAreaField
        label="Bio"
        name="bio"
        rows={4}
        maxLength={PROFILE_FIELD_MAX_LENGTH.bio}
        defaultValue={user.bio}
        errors={errors.bio}
      />
      <FormField
        label="Map link (for directions)"
        name="location"
        type="url"
        placeholder="https://maps.google.com/?q=..."
        defaultValue={user.location}
        errors={errors.location}
      />

      <fieldset className="password-fields">
        <legend>Change password</legend>
        <div className="form-row">
          <NewPasswordField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={PASSWORD_LENGTH.max}
            errors={errors.password}
          />
          <FormField
            label="Confirm new password"
            name="password2"
            type="password"
            autoComplete="new-password"
            errors={errors.password2}
          />
        </div>
        {needsCurrentPassword && (
          <FormField
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            errors={errors.current_password}
          />
        )}
      </fieldset>

      {saving && (
        <div className="profile-form-save-status" role="status" aria-live="polite">
          <span>Saving...</span>
          {progress !== null && (
            <>
              <progress max={100} value={progress} aria-label="Photo upload" />
              <span className="upload-percent">{progress}%</span>
            </>
          )}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button button-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
