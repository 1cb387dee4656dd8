import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { PASSWORD_LENGTH } from '../../common/limits';
import {
  loadStrengthEstimator,
  ownWords,
  PASSWORD_ADVICE,
  type Strength,
  type StrengthEstimator,
} from '../../common/password-strength';
import { FormField } from './FormField';

/** Judges after a pause in typing, so keys never wait and a screen reader hears one verdict, not each key. */
const SETTLE_MS = 300;

// The forms are uncontrolled: the owner's words are read from the same form when the password is judged.
const OWNER_FIELDS = ['first_name', 'last_name', 'full_name', 'email', 'username'];

function ownerFacts(form: HTMLFormElement | null | undefined): string[] {
  if (!form) return [];
  return OWNER_FIELDS.map((name) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : '';
  });
}

function loadInto(set: (estimate: () => StrengthEstimator) => void): void {
  // Without the estimator the meter stays empty; the server still judges the password.
  loadStrengthEstimator().then(
    (loaded) => set(() => loaded),
    () => undefined,
  );
}

type Verdict = Pick<Strength, 'score' | 'label'> & { advice: string };

function verdict(estimate: StrengthEstimator, password: string, form: HTMLFormElement | null): Verdict {
  if (password.length < PASSWORD_LENGTH.min) {
    return { score: 0, label: 'weak', advice: `Use at least ${PASSWORD_LENGTH.min} characters.` };
  }
  const strength = estimate(password, ownWords(...ownerFacts(form)));
  const advice = strength.acceptable ? '' : [...strength.advice, PASSWORD_ADVICE].join(' ');
  return { score: strength.score, label: strength.label, advice };
}

/**
 * A new-password field with a strength meter under it. The estimator and its dictionaries load when the
 * field is first focused (or filled), so pages that merely link here stay light.
 */
export function NewPasswordField(props: ComponentProps<typeof FormField>) {
  const { onFocus, onChange, ...field } = props;
  const [password, setPassword] = useState('');
  const [estimate, setEstimate] = useState<StrengthEstimator | null>(null);
  const [result, setResult] = useState<Verdict | null>(null);
  const form = useRef<HTMLFormElement | null>(null);
  const typed = useRef('');
  const statusId = `${useId()}-strength`;

  // The server's refusal already gives the advice: the meter does not repeat it for the same password.
  const { errors } = field;
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => setRefused(errors?.length ? typed.current : null), [errors]);
  const advice = result && refused !== password ? result.advice : '';

  useEffect(() => {
    if (!password) {
      setResult(null);
      return;
    }
    if (!estimate) {
      loadInto(setEstimate);
      return;
    }
    const timer = setTimeout(() => setResult(verdict(estimate, password, form.current)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [password, estimate]);

  return (
    <FormField
      {...field}
      describedBy={statusId}
      onFocus={(event) => {
        form.current = event.currentTarget.form;
        if (!estimate) loadInto(setEstimate);
        onFocus?.(event);
      }}
      onChange={(event) => {
        form.current = event.currentTarget.form;
        typed.current = event.currentTarget.value;
        setPassword(typed.current);
        onChange?.(event);
      }}
    >
      <div className="password-strength" data-score={result?.score} hidden={!result}>
        <div className="password-strength-bar" aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <span key={step} data-on={result ? step <= Math.max(1, result.score) : undefined} />
          ))}
        </div>
      </div>
      <p id={statusId} className="field-hint password-strength-text" aria-live="polite" aria-atomic="true">
        {result && (
          <>
            <strong>Strength: {result.label}</strong>
            {advice && ` ${advice}`}
          </>
        )}
      </p>
    </FormField>
  );
}
