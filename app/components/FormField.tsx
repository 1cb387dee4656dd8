import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

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
  const generatedId = useId();
  // A given id lets a page move focus to the field.
  const id = input.id ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = !!errors && errors.length > 0;
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
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
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
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = !!errors && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        {...textarea}
      />
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
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
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = !!errors && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={invalid} aria-describedby={invalid ? errorId : undefined} {...select}>
        {children}
      </select>
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
