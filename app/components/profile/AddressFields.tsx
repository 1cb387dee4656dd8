import type { Address } from '../../../server/modules/addresses/service';
import { FormField } from '../FormField';

/** The inputs of one address, for the Add Address modal and the inline editor alike. */
export function AddressFields({
  address,
  errors,
}: {
  address?: Address | undefined;
  errors: Record<string, string[]>;
}) {
  return (
    <>
      <FormField
        label="Address"
        name="address"
        required
        maxLength={200}
        autoComplete="street-address"
        defaultValue={address?.address}
        errors={errors.address}
      />
      <div className="form-row">
        <FormField
          label="City"
          name="city"
          required
          maxLength={100}
          autoComplete="address-level2"
          defaultValue={address?.city}
          errors={errors.city}
        />
        <FormField
          label="State (optional)"
          name="state"
          maxLength={100}
          autoComplete="address-level1"
          defaultValue={address?.state}
          errors={errors.state}
        />
      </div>
      <div className="form-row">
        <FormField
          label="Postal code"
          name="postal_code"
          required
          inputMode="numeric"
          pattern="\d{3,10}"
          title="3 to 10 digits"
          maxLength={10}
          autoComplete="postal-code"
          defaultValue={address?.postal_code}
          errors={errors.postal_code}
          onInput={(event) => {
            // Numeric only, as the spec asks: other characters are dropped as they are typed.
            const input = event.currentTarget;
            const digits = input.value.replace(/\D/g, '');
            if (digits !== input.value) input.value = digits;
          }}
        />
        <FormField
          label="Country"
          name="country"
          required
          maxLength={100}
          autoComplete="country-name"
          defaultValue={address?.country}
          errors={errors.country}
        />
      </div>
    </>
  );
}
