import type { ReactNode } from 'react';
import { Form, Link, useSearchParams } from 'react-router';

/** A table's filters as a GET form: the URL holds them, so a filtered page can be shared and reloaded. */
export function FilterForm({ children, label }: { children: ReactNode; label: string }) {
  const [params] = useSearchParams();
  // Remounted when the URL changes, so the inputs show the filters of the page on screen.
  return (
    <Form key={params.toString()} method="get" className="admin-filters" role="search" aria-label={label}>
      {children}
      <div className="admin-filter-actions">
        <button type="submit" className="button button-small">
          Filter
        </button>
        <Link to="?" className="button button-small button-outline">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A labelled select of a filter; the empty choice means "any". */
export function FilterSelect({
  label,
  name,
  options,
}: {
  label: string;
  name: string;
  options: Array<[string, string]>;
}) {
  const [params] = useSearchParams();
  const value = params.get(name) ?? undefined;
  return (
    <label className="admin-filter">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ''}>
        <option value="">Any</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterInput({
  label,
  name,
  type = 'search',
  placeholder,
}: {
  label: string;
  name: string;
  type?: 'search' | 'date';
  placeholder?: string;
}) {
  const [params] = useSearchParams();
  const value = params.get(name) ?? undefined;
  return (
    <label className="admin-filter">
      <span>{label}</span>
      <input
        type={type}
        name={name}
        defaultValue={value ?? ''}
        placeholder={placeholder}
        // A length limit is for text; a date field has its own format.
        maxLength={type === 'search' ? 100 : undefined}
      />
    </label>
  );
}
