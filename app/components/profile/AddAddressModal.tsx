import { type FormEvent, useState } from 'react';
import type { Address } from '../../../server/modules/addresses/responses';
import { api, fieldErrors } from '../../lib/api';
import { formValues } from '../../lib/form-values';
import { useWrite } from '../../lib/use-write';
import { Modal } from '../modal/Modal';
import { AddressFields } from './AddressFields';

/** The 'Add Address' modal: used on the profile and at checkout. */
export function AddAddressModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose(): void;
  onAdded(address: Address): void;
}) {
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = formValues(event);
    await run(() => api('/auth/address/', { method: 'POST', body }), {
      done: 'Address added',
      failed: 'Add failed',
      onDone: (added) => {
        setErrors({});
        onAdded(added);
      },
      onFailed: (error) => setErrors(fieldErrors(error)),
    });
  }

  return (
    <Modal
      open={open}
      title="Add Address"
      onClose={() => {
        setErrors({});
        onClose();
      }}
    >
      <form className="form" onSubmit={add} aria-label="Add address">
        <AddressFields errors={errors} />
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Adding...' : 'Add Address'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
