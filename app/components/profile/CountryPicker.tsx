import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { type CountryCode, countryName } from '../../../common/countries';
import { countryCodeOf } from '../../../common/country-match';
import { searchCountries } from '../../../common/country-search';

/**
 * The country of an address, chosen from the list (issue 32): an ARIA combobox whose list narrows as one
 * types, by English name, the country's own name, a common alias or its code ("Deutschland", "UK", "Holland",
 * "de"). The chosen ISO code is sent as `country_code`; what is typed is sent as `country` too, so a name the
 * matcher recognises counts as chosen, and anything else is refused by the server with the reason.
 */
export function CountryPicker({
  initialText,
  initialCode,
  errors,
  onChoose,
}: {
  initialText: string;
  initialCode: CountryCode | null;
  errors: string[];
  onChoose(code: CountryCode | null): void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(initialCode ? countryName(initialCode) : initialText);
  const [code, setCode] = useState<CountryCode | null>(initialCode);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => (open ? searchCountries(text) : []), [open, text]);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function settle(next: CountryCode | null) {
    setCode(next);
    onChoose(next);
  }

  function choose(index: number) {
    const option = options[index];
    if (!option) return;
    setText(option.name);
    settle(option.code);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      setActive(event.key === 'ArrowDown' ? Math.min(active + 1, last) : Math.max(active - 1, 0));
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Choosing, not submitting the form.
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog the form is in.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  const invalid = errors.length > 0;
  return (
    <div className="field country-picker">
      <label htmlFor={id}>Country</label>
      <div className="combobox">
        <input
          id={id}
          name="country"
          type="text"
          role="combobox"
          required
          autoComplete="country-name"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid}
          aria-describedby={[hintId, invalid ? errorId : ''].filter(Boolean).join(' ')}
          value={text}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            const recognised = countryCodeOf(typed) ?? null;
            setText(typed);
            settle(recognised);
            // A whole name or code recognised is chosen: the list closes (it would cover what comes next).
            setOpen(!recognised);
            setActive(typed.trim() === '' ? -1 : 0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            // What was recognised is shown by its name: "uk" reads "United Kingdom" once left.
            if (code) setText(countryName(code));
          }}
        />
        <div id={listId} role="listbox" aria-label="Countries" hidden={!open || options.length === 0}>
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keys (aria-activedescendant)
            <div
              key={option.code}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps focus in the input, so the click chooses before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              {option.name}
              {option.also && <span className="muted"> · {option.also}</span>}
            </div>
          ))}
        </div>
      </div>
      <input type="hidden" name="country_code" value={code ?? ''} />
      <p id={hintId} className="field-hint">
        {code
          ? `Chosen: ${countryName(code)}.`
          : 'Type to search (e.g. Deutschland, UK, USA) and choose from the list.'}
      </p>
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
