import { useEffect, useState } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../common/limits';

/** A 1–99 quantity: typed (kept as typed until it is a number) or stepped with − and +. */
export function QuantityInput({
  value,
  label,
  onChange,
}: {
  value: number;
  label: string;
  onChange(quantity: number): void;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  return (
    <div className="cart-quantity-input">
      <button
        type="button"
        className="cart-quantity-step"
        aria-label={`Decrease ${label}`}
        disabled={value <= MIN_QUANTITY}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        step={1}
        aria-label={label}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          const number = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(number)) onChange(number);
        }}
        onBlur={() => setDraft(String(value))}
      />
      <button
        type="button"
        className="cart-quantity-step"
        aria-label={`Increase ${label}`}
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
