import { type ReactNode, useId, useRef, useState } from 'react';
import { CARD_ACCENT_KEYS, CARD_ACCENTS, type CardAccent } from '../../../common/card-accents';
import { cardPageNotice } from '../../../common/messages/profiles';
import {
  SWITCHABLE_FIELD_LABELS,
  SWITCHABLE_FIELDS,
  type SwitchableField,
} from '../../../common/profile-visibility';
import { api } from '../../lib/api';
import type { User } from '../../lib/auth';
import { useWrite } from '../../lib/use-write';

type Settings = Pick<User, 'public_fields' | 'profile_private' | 'accent'>;

/** An on/off switch (a button with the switch role), its label beside it and what it does beneath. */
export function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="card-settings-switch-field">
      <button
        id={id}
        type="button"
        role="switch"
        className="card-settings-switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

const FIELD_LABEL = SWITCHABLE_FIELD_LABELS;

/** What each switch would show: the owner's own value, or a word that there is nothing to show yet. */
function valueHint(user: User, field: SwitchableField): string {
  const value = user[field].trim();
  if (!value) return 'Empty: fill it in under Edit to show it.';
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}

/**
 * "What your card shows": a switch per contact field, the private-card switch and the cover colour. Each
 * change is saved at once (`PATCH /auth/profile/card/`), one request after another so the last choice wins.
 */
export function CardSettings({
  user,
  pageUrl,
  onSaved,
}: {
  user: User;
  pageUrl: string;
  onSaved(user: User): void;
}) {
  const [settings, setSettings] = useState<Settings>({
    public_fields: user.public_fields,
    profile_private: user.profile_private,
    accent: user.accent,
  });
  const [status, setStatus] = useState('');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const { run } = useWrite();
  const headingId = useId();

  function save(change: Partial<Settings>, done: string) {
    const previous = settings;
    setSettings({ ...settings, ...change });
    setStatus('Saving…');
    // The queue orders the writes; each one is a write like any other (its status line says it is busy).
    queue.current = queue.current.then(async () => {
      await run(() => api('/auth/profile/card/', { method: 'PATCH', body: change }), {
        failed: 'Your card settings could not be saved.',
        onDone: (saved) => {
          onSaved(saved);
          setStatus(`Saved: ${done}`);
        },
        onFailed: () => {
          setSettings(previous);
          setStatus('Not saved.');
        },
      });
    });
  }

  function toggleField(field: SwitchableField, on: boolean) {
    const shown = new Set(settings.public_fields);
    if (on) shown.add(field);
    else shown.delete(field);
    const label = FIELD_LABEL[field].toLowerCase();
    save(
      { public_fields: SWITCHABLE_FIELDS.filter((item) => shown.has(item)) },
      on ? `your card now shows your ${label}.` : `your ${label} is now hidden from others.`,
    );
  }

  return (
    <section className="profile-panel card-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>What your card shows</h2>
      <p>{cardPageNotice(pageUrl, settings.public_fields)}</p>
      <fieldset className="switch-list">
        <legend>Shown to everyone who opens your card</legend>
        <p className="field-hint">
          Your name and photo always show. The same switches apply to the page, the contact file and the QR
          code.
        </p>
        {SWITCHABLE_FIELDS.map((field) => (
          <Switch
            key={field}
            label={FIELD_LABEL[field]}
            hint={valueHint(user, field)}
            checked={settings.public_fields.includes(field)}
            onChange={(on) => toggleField(field, on)}
          />
        ))}
      </fieldset>
      <fieldset className="switch-list">
        <legend>Who can open it</legend>
        <Switch
          label="Private card"
          hint="On: your card page, its tap links, QR code link and contact file answer as if the card did not exist, to everyone but you (signed in). Turn it off to share your card again."
          checked={settings.profile_private}
          onChange={(on) =>
            save(
              { profile_private: on },
              on ? 'your card is private: only you can open it.' : 'your card is public again.',
            )
          }
        />
      </fieldset>
      <fieldset className="accent-picker">
        <legend>Cover colour</legend>
        <div className="card-settings-accent-swatches">
          {CARD_ACCENT_KEYS.map((key: CardAccent) => (
            <label key={key} className="card-settings-accent-swatch">
              <input
                type="radio"
                name="accent"
                value={key}
                checked={settings.accent === key}
                onChange={() => save({ accent: key }, `your cover colour is ${CARD_ACCENTS[key].label}.`)}
              />
              <span
                className="card-settings-accent-chip"
                style={{ background: CARD_ACCENTS[key].color }}
                aria-hidden="true"
              />
              {CARD_ACCENTS[key].label}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="profile-save-note" role="status">
        {status}
      </p>
    </section>
  );
}
