import { useId } from 'react';

/** The owner's choice to show the login e-mail on the public card; off until they tick it. */
export function ShowEmailField({ checked, errors }: { checked: boolean; errors?: string[] | undefined }) {
  const id = useId();
  const invalid = !!errors && errors.length > 0;
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        name="show_email"
        value="true"
        defaultChecked={checked}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
      />
      <label htmlFor={id}>Show my e-mail on my public card</label>
      <p id={`${id}-hint`} className="field-hint">
        Otherwise your public card, its contact file and QR code leave it out.
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
