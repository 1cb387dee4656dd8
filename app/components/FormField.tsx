import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/** The ids and state every field shares: its own id (a given one lets a page move focus to it) and its errors'. */
function useFieldIds(errors: string[] | undefined, givenId?: string) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return { id, errorId: `${id}-error`, invalid: !!errors && errors.length > 0 };
}

/** A field's error messages, announced when they appear. */
function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {errors.join(' ')}
    </p>
  );
}

/** A labelled input with an optional hint under it and its error messages announced beside it. */
export function FormField({
  label,
  errors,
  hint,
  describedBy: extraDescription,
  children,
  ...input
}: {
  label: string;
  errors?: string[] | undefined;
  /** What the field accepts, or what happens to what is typed, shown under it. */
  hint?: string | undefined;
  /** The id of more text under the field that describes it (shown as `children`). */
  describedBy?: string | undefined;
  children?: ReactNode;
  name: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const { id, errorId, invalid } = useFieldIds(errors, input.id);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', extraDescription ?? '', invalid ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={invalid} aria-describedby={describedBy || undefined} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** The multi-line sibling of FormField, with the same label and error handling. */
export function TextAreaField({
  label,
  errors,
  ...textarea
}: {
  label: string;
  errors?: string[] | undefined;
  name: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, errorId, invalid } = useFieldIds(errors, textarea.id);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        {...textarea}
      />
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** The drop-down sibling of FormField; the options are its children. */
export function SelectField({
  label,
  errors,
  children,
  ...select
}: {
  label: string;
  errors?: string[] | undefined;
  children: ReactNode;
  name: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, errorId, invalid } = useFieldIds(errors, select.id);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={invalid} aria-describedby={invalid ? errorId : undefined} {...select}>
        {children}
      </select>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
