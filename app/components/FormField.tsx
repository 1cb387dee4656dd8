import { type InputHTMLAttributes, useId } from 'react';

/** A labelled input with its error messages announced beside it. */
export function FormField({
  label,
  errors,
  ...input
}: { label: string; errors?: string[] | undefined; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = !!errors && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={invalid} aria-describedby={invalid ? errorId : undefined} {...input} />
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
