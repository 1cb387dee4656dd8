import { useState } from 'react';
import { type CountryCode, countryName, isCountryCode } from '../../../common/countries';
import { ADDRESS_FIELD_MAX_LENGTH } from '../../../common/limits';
import { postalCodeNeed } from '../../../common/postal-codes';
import type { Address } from '../../../server/modules/addresses/responses';
import { postalCodeInputMode } from '../../lib/postal-codes';
import { FormField } from '../FormField';
import { CountryPicker } from './CountryPicker';

const POSTAL_HINT = 'Letters, digits, spaces or dashes, as on your mail. Saved in capitals.';

/** What the postal code field says under it, and whether it must be filled, for the country chosen. */
function postalCodeField(country: CountryCode | null): { hint: string; required: boolean } {
  const need = country ? postalCodeNeed(country) : 'required';
  if (need === 'none' && country) {
    return { hint: `${countryName(country)} has no postal codes: leave this empty.`, required: false };
  }
  if (need === 'optional' && country) {
    return { hint: `Optional in ${countryName(country)}. ${POSTAL_HINT}`, required: false };
  }
  return { hint: POSTAL_HINT, required: true };
}

/**
 * The inputs of one address, for the Add Address modal (profile and checkout) and the inline editor alike.
 * The country is chosen from a list (CountryPicker); the postal code is kept as typed and checked by the server
 * against the country's format; the server trims it, collapses spaces and upper-cases it (decision 014), as
 * the hint says, and the saved address shows it that way.
 */
export function AddressFields({
  address,
  errors,
}: {
  address?: Address | undefined;
  errors: Record<string, string[]>;
}) {
  const saved = address?.country_code;
  const [country, setCountry] = useState<CountryCode | null>(saved && isCountryCode(saved) ? saved : null);
  const postal = postalCodeField(country);
  return (
    <>
      <FormField
        label="Address"
        name="address"
        required
        maxLength={ADDRESS_FIELD_MAX_LENGTH.address}
        autoComplete="street-address"
        defaultValue={address?.address}
        errors={errors.address}
      />
      <div className="form-row">
        <FormField
          label="City"
          name="city"
          required
          maxLength={ADDRESS_FIELD_MAX_LENGTH.city}
          autoComplete="address-level2"
          defaultValue={address?.city}
          errors={errors.city}
        />
        <FormField
          label="State (optional)"
          name="state"
          maxLength={ADDRESS_FIELD_MAX_LENGTH.state}
          autoComplete="address-level1"
          defaultValue={address?.state}
          errors={errors.state}
        />
      </div>
      <div className="form-row">
        <CountryPicker
          initialText={address?.country ?? ''}
          initialCode={country}
          errors={[...(errors.country ?? []), ...(errors.country_code ?? [])]}
          onChoose={setCountry}
        />
        <FormField
          label="Postal code"
          name="postal_code"
          required={postal.required}
          // Letters must be typeable ("SW1A 1AA"): the number pad only where the country's codes are digits.
          inputMode={postalCodeInputMode(country ?? '')}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoComplete="postal-code"
          defaultValue={address?.postal_code}
          hint={postal.hint}
          errors={errors.postal_code}
        />
      </div>
    </>
  );
}
