import { useEffect, useRef, useState } from 'react';
import type { ExchangedContact, ExchangedContactPage } from '../../../server/modules/contacts/responses';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toastFailure } from '../../lib/toast-failure';
import { useWrite } from '../../lib/use-write';
import { FormField } from '../FormField';
import { ConfirmDialog } from '../modal/ConfirmDialog';

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

const plural = (count: number) => `${count} ${count === 1 ? 'contact' : 'contacts'}`;

function ContactItem({ contact, onDelete }: { contact: ExchangedContact; onDelete(): void }) {
  const role = [contact.job_title, contact.company].filter(Boolean).join(', ');
  const headingId = `contact-${contact.id}`;
  return (
    <li className="contacts-item" aria-labelledby={headingId}>
      <div className="contacts-body">
        <h3 id={headingId} className="contacts-name">
          {contact.name}
        </h3>
        {role && <p className="contact-role">{role}</p>}
        <p className="contacts-reach">
          {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
          {contact.phone && <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>}
        </p>
        {contact.note && <p className="contacts-note">{contact.note}</p>}
        <p className="contacts-meta muted">
          {contact.source_label} · <time dateTime={contact.created_at}>{formatDate(contact.created_at)}</time>
        </p>
      </div>
      <button
        type="button"
        className="button button-outline button-small button-danger-outline"
        onClick={onDelete}
        aria-label={`Delete ${contact.name}`}
      >
        Delete
      </button>
    </li>
  );
}

/**
 * "Contacts": the people who shared their details from the owner's card page, newest first, searchable,
 * a page at a time; delete one or all (for good), or take them away as CSV or one .vcf.
 */
export function Contacts({ first }: { first: ExchangedContactPage }) {
  const [shown, setShown] = useState(first);
  // Every contact the owner has, whatever the search: the empty state and the exports depend on it.
  const [total, setTotal] = useState(first.count);
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState<ExchangedContact | null>(null);
  const [deletingAll, setDeletingAll] = useState(false);
  const { busy, run } = useWrite();
  // What the shown list was searched for (trimmed), as against what is being typed.
  const [searched, setSearched] = useState('');
  const latest = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);

  // After a delete the button that opened the dialog is gone, and the closing dialog would hand focus back
  // to nothing: the section's heading takes it. (The dialog closes in its own effect, which runs first.)
  useEffect(() => {
    if (deleting || deletingAll || !refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [deleting, deletingAll]);

  async function load(q: string, page: number) {
    const call = ++latest.current;
    setLoading(true);
    try {
      const params = new URLSearchParams({ page: String(page) });
      if (q.trim()) params.set('q', q.trim());
      const answer = await api(`/auth/contacts/?${params}`);
      // A slower answer to an earlier search must not replace a newer one.
      if (call !== latest.current) return;
      setSearched(q.trim());
      setShown(answer);
      if (!q.trim()) setTotal(answer.count);
    } catch (error) {
      if (call === latest.current) toastFailure('Contacts could not be loaded. Please try again.', error);
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }

  // `load` is recreated each render; the search runs only when what was typed changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (query.trim() === searched) return;
    const timer = setTimeout(() => void load(query, 1), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  async function deleteOne() {
    const contact = deleting;
    if (!contact) return;
    // The page refills from the next one; the last contact of a last page moves back a page.
    const page = shown.results.length === 1 && shown.page > 1 ? shown.page - 1 : shown.page;
    await run(() => api(`/auth/contacts/${contact.id}/`, { method: 'DELETE' }), {
      done: `${contact.name} deleted.`,
      failed: 'The contact could not be deleted.',
      onDone: () => setTotal((count) => count - 1),
      refresh: () => load(searched, page),
    });
    setDeleting(null);
    refocus.current = true;
  }

  async function deleteAll() {
    await run(() => api('/auth/contacts/', { method: 'DELETE', body: { confirm: true } }), {
      done: ({ deleted }) => `${plural(deleted)} deleted.`,
      failed: 'The contacts could not be deleted.',
      onDone: () => {
        setTotal(0);
        setQuery('');
        setSearched('');
        setShown({ ...shown, count: 0, page: 1, page_count: 1, results: [] });
      },
    });
    setDeletingAll(false);
    refocus.current = true;
  }

  const status = searched
    ? shown.count === 0
      ? `No contacts match “${searched}”.`
      : `${plural(shown.count)} match “${searched}”.`
    : plural(total);

  return (
    <section className="contacts" id="contacts" aria-labelledby="contacts-heading">
      <div className="profile-section-head">
        <h2 id="contacts-heading" ref={heading} tabIndex={-1}>
          Contacts
        </h2>
        {total > 0 && (
          <div className="contacts-exports">
            <a className="button button-outline button-small" href="/api/auth/contacts/export.csv" download>
              Download CSV
            </a>
            <a className="button button-outline button-small" href="/api/auth/contacts/export.vcf" download>
              Download .vcf
            </a>
          </div>
        )}
      </div>
      {total === 0 ? (
        <p className="muted">
          People who tap your card can share their details with you; they appear here. Only you can see them.
        </p>
      ) : (
        <>
          <p className="muted">
            People who shared their details from your card page, newest first. Only you can see them.
          </p>
          <search className="contacts-search">
            <FormField
              label="Search contacts"
              name="q"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              hint="Name, e-mail, phone, company or job title."
              maxLength={100}
              autoComplete="off"
            />
          </search>
          <p className="contacts-status" role="status" aria-busy={loading}>
            {status}
          </p>
          {shown.results.length > 0 && (
            <ul className="contacts-list">
              {shown.results.map((contact) => (
                <ContactItem key={contact.id} contact={contact} onDelete={() => setDeleting(contact)} />
              ))}
            </ul>
          )}
          {shown.page_count > 1 && (
            <nav className="pager" aria-label="Contact pages">
              <button
                type="button"
                className="button button-outline button-small"
                disabled={loading || shown.page <= 1}
                onClick={() => load(searched, shown.page - 1)}
              >
                Previous
              </button>
              <span className="pager-status" aria-live="polite">
                Page {shown.page} of {shown.page_count}
              </span>
              <button
                type="button"
                className="button button-outline button-small"
                disabled={loading || shown.page >= shown.page_count}
                onClick={() => load(searched, shown.page + 1)}
              >
                Next
              </button>
            </nav>
          )}
          <button
            type="button"
            className="button button-outline button-small button-danger-outline contacts-delete-all"
            onClick={() => setDeletingAll(true)}
          >
            Delete all contacts
          </button>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete contact"
        message={`${deleting?.name ?? 'This contact'} and the details they shared are deleted for good. This cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={deleteOne}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={deletingAll}
        title="Delete all contacts"
        message={`All ${plural(total)} and the details they shared are deleted for good, not hidden: they cannot be brought back. Download a CSV or .vcf first if you want to keep a copy.`}
        confirmLabel={`Delete all ${plural(total)}`}
        busy={busy}
        onConfirm={deleteAll}
        onCancel={() => setDeletingAll(false)}
      />
    </section>
  );
}
