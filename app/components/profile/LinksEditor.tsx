import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LINK_TITLE_NEEDED, LINK_URL_RULE } from '../../../common/messages/profiles';
import {
  isAllowedLinkUrl,
  LINK_ICONS,
  LINK_TITLE_MAX_LENGTH,
  LINK_URL_MAX_LENGTH,
  type LinkIcon as LinkIconName,
  MAX_LINKS,
} from '../../../common/profile-links';
import type { OwnedLink } from '../../../common/profile-visibility';
import { api, fieldErrors } from '../../lib/api';
import type { User } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { useWrite } from '../../lib/use-write';
import { FormField, SelectField } from '../FormField';
import { LinkIcon } from '../LinkIcon';
import { LINK_ICON_GLYPHS } from '../social-icons';
import { Switch } from './CardSettings';

/** A row being edited: `key` names it in the list before the server gives a new link its id. */
interface DraftLink {
  key: string;
  id?: number;
  title: string;
  url: string;
  icon: LinkIconName | null;
  enabled: boolean;
}

let nextKey = 0;
const draftOf = (link: OwnedLink): DraftLink => ({ ...link, key: `link-${link.id}` });
const sameList = (a: DraftLink[], b: DraftLink[]) =>
  JSON.stringify(a.map(({ key: _, ...link }) => link)) ===
  JSON.stringify(b.map(({ key: _, ...link }) => link));

/** The icon a URL suggests when the owner has not picked one. */
function guessIcon(url: string): LinkIconName | null {
  const lower = url.toLowerCase();
  if (lower.startsWith('mailto:')) return 'email';
  if (lower.startsWith('tel:')) return 'phone';
  const hosts: [RegExp, LinkIconName][] = [
    [/linkedin\.com/, 'linkedin'],
    [/github\.com/, 'github'],
    [/(?:twitter|x)\.com/, 'twitter'],
    [/(?:youtube\.com|youtu\.be)/, 'youtube'],
    [/instagram\.com/, 'instagram'],
    [/facebook\.com/, 'facebook'],
    [/(?:wa\.me|whatsapp\.com)/, 'whatsapp'],
    [/(?:t\.me|telegram\.me)/, 'telegram'],
    [/signal\.me/, 'signal'],
    [/tiktok\.com/, 'tiktok'],
    [/(?:calendly\.com|cal\.com)/, 'booking'],
  ];
  return hosts.find(([pattern]) => pattern.test(lower))?.[1] ?? null;
}

/**
 * The card's links: add, edit, switch off, delete and reorder (drag a row by its handle, or Move up / Move
 * down from the keyboard, the new place announced), then save the whole list at once
 * (`PUT /auth/profile/links/`).
 */
export function LinksEditor({ user, onSaved }: { user: User; onSaved(user: User): void }) {
  const saved = user.links.map(draftOf);
  const [links, setLinks] = useState<DraftLink[]>(saved);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { busy: saving, run } = useWrite();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const dirty = !sameList(links, saved);
  const full = links.length >= MAX_LINKS;

  useEffect(() => {
    if (!focusAfter) return;
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(focusAfter)}`)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const label = (link: DraftLink) => link.title.trim() || 'Untitled link';

  function change(key: string, patch: Partial<DraftLink>) {
    setLinks((current) => current.map((link) => (link.key === key ? { ...link, ...patch } : link)));
  }

  function move(from: number, to: number, focus?: 'up' | 'down') {
    if (to < 0 || to >= links.length || from === to) return;
    const next = [...links];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setLinks(next);
    setAnnouncement(`${label(moved)} moved to position ${to + 1} of ${next.length}.`);
    if (focus) {
      // At the top or bottom the button just pressed is disabled: keep focus on the row's other one.
      const edge = (focus === 'up' && to === 0) || (focus === 'down' && to === next.length - 1);
      const side = edge ? (focus === 'up' ? 'down' : 'up') : focus;
      setFocusAfter(`${moved.key}-${side}`);
    }
  }

  function add() {
    if (full) return;
    nextKey += 1;
    const key = `new-${nextKey}`;
    setLinks([...links, { key, title: '', url: 'https://', icon: null, enabled: true }]);
    setAnnouncement(`New link added at position ${links.length + 1}.`);
    setFocusAfter(`${key}-title`);
  }

  function remove(index: number) {
    const link = links[index];
    if (!link) return;
    setLinks(links.filter((_, i) => i !== index));
    setAnnouncement(`${label(link)} removed. Save to keep the change.`);
    const neighbour = links[index + 1] ?? links[index - 1];
    setFocusAfter(neighbour ? `${neighbour.key}-title` : 'add-link');
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    const from = links.findIndex((link) => link.key === dragging);
    setDragging(null);
    if (from >= 0) move(from, index);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string[]> = {};
    links.forEach((link, index) => {
      if (!link.title.trim()) local[`links.${index}.title`] = [LINK_TITLE_NEEDED];
      if (!isAllowedLinkUrl(link.url.trim())) local[`links.${index}.url`] = [LINK_URL_RULE];
    });
    setErrors(local);
    if (Object.keys(local).length > 0) {
      toast.error('Some links need fixing before they can be saved.');
      return;
    }
    const body = {
      links: links.map(({ id, title, url, icon, enabled }) => ({
        ...(id === undefined ? {} : { id }),
        title: title.trim(),
        url: url.trim(),
        icon,
        enabled,
      })),
    };
    const { ok } = await run(() => api('/auth/profile/links/', { method: 'PUT', body }), {
      done: 'Links saved',
      failed: 'Your links could not be saved.',
      onDone: (updated) => {
        onSaved(updated);
        setLinks(updated.links.map(draftOf));
        setErrors({});
      },
      onFailed: (error) => setErrors(fieldErrors(error)),
    });
    if (ok) setAnnouncement('Links saved.');
  }

  return (
    <section className="profile-panel links-editor" aria-labelledby={headingId}>
      <div className="profile-section-head">
        <h2 id={headingId}>Links</h2>
        <p className="muted links-editor-count">
          {links.length} of {MAX_LINKS}
        </p>
      </div>
      <p className="muted">
        Each link shows on your card as a large button, in this order: drag a row by its handle, or use Move
        up and Move down. A link starts with https://, mailto: or tel:. One switched off stays here, but no
        one else sees it.
      </p>
      <form onSubmit={save} noValidate>
        {links.length === 0 && <p className="links-empty">No links yet.</p>}
        <ol className="links-editor-list" ref={list}>
          {links.map((link, index) => {
            const error = (field: string) => errors[`links.${index}.${field}`];
            return (
              <li
                key={link.key}
                className="links-editor-row"
                data-dragging={dragging === link.key || undefined}
                onDragOver={(event) => dragging && event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
                aria-label={`Link ${index + 1} of ${links.length}: ${label(link)}`}
              >
                <div className="links-editor-row-head">
                  <span
                    className="links-editor-drag-handle"
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', link.key);
                      setDragging(link.key);
                    }}
                    onDragEnd={() => setDragging(null)}
                    title="Drag to reorder"
                    aria-hidden="true"
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" focusable="false" aria-hidden="true">
                      <path
                        d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01"
                        stroke="currentColor"
                        strokeWidth="3"
                        strokeLinecap="round"
                      />
                    </svg>
                  </span>
                  <span className="links-editor-position">{index + 1}</span>
                  <LinkIcon icon={link.icon} />
                  <strong className="links-editor-row-title">{label(link)}</strong>
                  <div className="links-editor-row-moves">
                    <button
                      id={`${link.key}-up`}
                      type="button"
                      className="button button-outline button-small"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                      aria-label={`Move ${label(link)} up`}
                    >
                      ↑<span className="links-editor-move-word">Move up</span>
                    </button>
                    <button
                      id={`${link.key}-down`}
                      type="button"
                      className="button button-outline button-small"
                      disabled={index === links.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                      aria-label={`Move ${label(link)} down`}
                    >
                      ↓<span className="links-editor-move-word">Move down</span>
                    </button>
                  </div>
                </div>
                <div className="links-editor-row-fields">
                  <FormField
                    label="Title"
                    name={`links.${index}.title`}
                    id={`${link.key}-title`}
                    value={link.title}
                    maxLength={LINK_TITLE_MAX_LENGTH}
                    onChange={(event) => change(link.key, { title: event.target.value })}
                    errors={error('title')}
                  />
                  <FormField
                    label="Link"
                    name={`links.${index}.url`}
                    type="url"
                    inputMode="url"
                    value={link.url}
                    maxLength={LINK_URL_MAX_LENGTH}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => change(link.key, { url: event.target.value })}
                    onBlur={() => {
                      if (link.icon === null) change(link.key, { icon: guessIcon(link.url) });
                    }}
                    errors={error('url')}
                  />
                  <SelectField
                    label="Icon"
                    name={`links.${index}.icon`}
                    value={link.icon ?? ''}
                    onChange={(event) =>
                      change(link.key, { icon: (event.target.value || null) as LinkIconName | null })
                    }
                    errors={error('icon')}
                  >
                    <option value="">Plain link</option>
                    {LINK_ICONS.map((icon) => (
                      <option key={icon} value={icon}>
                        {LINK_ICON_GLYPHS[icon].label}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <div className="links-editor-row-foot">
                  <Switch
                    label={
                      <>
                        Shown on my card<span className="visually-hidden">: {label(link)}</span>
                      </>
                    }
                    checked={link.enabled}
                    onChange={(enabled) => change(link.key, { enabled })}
                  />
                  <button
                    type="button"
                    className="button button-outline button-small button-danger-outline"
                    onClick={() => remove(index)}
                    aria-label={`Delete ${label(link)}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="links-editor-actions">
          <button
            id="add-link"
            type="button"
            className="button button-outline"
            onClick={add}
            aria-disabled={full || undefined}
            aria-describedby={full ? 'links-full' : undefined}
          >
            Add link
          </button>
          {full && (
            <p id="links-full" className="field-hint">
              Your card holds {MAX_LINKS} links, the most it can: delete one to add another.
            </p>
          )}
          <button type="submit" className="button" disabled={saving || !dirty}>
            {saving ? 'Saving…' : 'Save links'}
          </button>
          {dirty && !saving && (
            <button type="button" className="button button-outline" onClick={() => setLinks(saved)}>
              Undo changes
            </button>
          )}
          {dirty && <p className="field-hint">Unsaved changes.</p>}
        </div>
        {errors.links && (
          <p className="field-error" role="alert">
            {errors.links.join(' ')}
          </p>
        )}
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
