import { useState } from 'react';
import { ADDRESS_FIELD_MAX_LENGTH } from '../../../common/limits';
import type { Address } from '../../../server/modules/addresses/responses';
import { postalCodeInputMode } from '../../lib/postal-codes';
import { FormField } from '../FormField';

/**
 * The inputs of one address, for the Add Address modal (profile and checkout) and the inline editor alike.
 * The postal code is kept as typed; the server trims it, collapses spaces and upper-cases it (decision 014),
 * as the hint says, and the saved address shows it that way.
 */
export function AddressFields({
  address,
  errors,
}: {
  address?: Address | undefined;
  errors: Record<string, string[]>;
}) {
  const [country, setCountry] = useState(address?.country ?? '');
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
        <FormField
          label="Country"
          name="country"
          required
          maxLength={ADDRESS_FIELD_MAX_LENGTH.country}
          autoComplete="country-name"
          defaultValue={address?.country}
          errors={errors.country}
          onChange={(event) => setCountry(event.currentTarget.value)}
        />
        <FormField
          label="Postal code"
          name="postal_code"
          required
          // Letters must be typeable ("SW1A 1AA"): the number pad only where the country's codes are digits.
          inputMode={postalCodeInputMode(country)}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoComplete="postal-code"
          defaultValue={address?.postal_code}
          hint="Letters, digits, spaces or dashes, as on your mail. Saved in capitals."
          errors={errors.postal_code}
        />
      </div>
    </>
  );
}
