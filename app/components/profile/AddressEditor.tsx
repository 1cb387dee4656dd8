import { type FormEvent, useState } from 'react';
import type { Address } from '../../../server/modules/addresses/responses';
import { api, fieldErrors } from '../../lib/api';
import { formValues } from '../../lib/form-values';
import { useWrite } from '../../lib/use-write';
import { AddressFields } from './AddressFields';

/** One saved address edited in place (the address book, and checkout for an address whose country is unknown). */
export function AddressEditor({
  address,
  onSaved,
  onCancel,
}: {
  address: Address;
  onSaved(address: Address): void;
  onCancel(): void;
}) {
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = formValues(event);
    await run(() => api(`/auth/address/${address.id}/`, { method: 'PUT', body }), {
      done: 'Address updated',
      failed: 'Update failed',
      onDone: onSaved,
      onFailed: (error) => setErrors(fieldErrors(error)),
    });
  }

  return (
    <form className="form addresses-editor" onSubmit={save} aria-label="Edit address">
      <AddressFields address={address} errors={errors} />
      <div className="form-actions">
        <button type="submit" className="button button-small" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button button-outline button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
