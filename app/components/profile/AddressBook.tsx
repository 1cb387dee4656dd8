import { useState } from 'react';
import type { Address } from '../../../server/modules/addresses/responses';
import { api } from '../../lib/api';
import { useWrite } from '../../lib/use-write';
import { ConfirmDialog } from '../modal/ConfirmDialog';
import { AddAddressModal } from './AddAddressModal';
import { AddressEditor } from './AddressEditor';
import { formatAddress } from './ProfileCard';

/** The user's saved addresses (newest first): add in a modal, edit one at a time in place, delete after asking. */
export function AddressBook({
  addresses,
  onChange,
}: {
  addresses: Address[];
  onChange(addresses: Address[]): void;
}) {
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const { busy: busyDeleting, run } = useWrite();

  async function confirmDelete() {
    if (!deleting) return;
    await run(() => api(`/auth/address/${deleting.id}/`, { method: 'DELETE' }), {
      done: 'Address deleted',
      failed: 'Delete failed',
      onDone: () => {
        onChange(addresses.filter((address) => address.id !== deleting.id));
        if (editingId === deleting.id) setEditingId(null);
      },
    });
    setDeleting(null);
  }

  return (
    <section className="address-book" aria-labelledby="addresses-heading">
      <div className="profile-section-head">
        <h2 id="addresses-heading">Addresses</h2>
        <button type="button" className="button button-small" onClick={() => setAdding(true)}>
          Add Address
        </button>
      </div>
      {addresses.length === 0 ? (
        <p className="muted">No saved addresses yet. Add one to order cards to it.</p>
      ) : (
        <ul className="addresses-list">
          {addresses.map((address) => (
            <li key={address.id} className="addresses-item">
              {editingId === address.id ? (
                <AddressEditor
                  address={address}
                  onCancel={() => setEditingId(null)}
                  onSaved={(saved) => {
                    onChange(addresses.map((item) => (item.id === saved.id ? saved : item)));
                    setEditingId(null);
                  }}
                />
              ) : (
                <>
                  <p className="addresses-text">{formatAddress(address)}</p>
                  <div className="addresses-actions">
                    <button
                      type="button"
                      className="button button-outline button-small"
                      onClick={() => setEditingId(address.id)}
                      aria-label={`Edit ${formatAddress(address)}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button-outline button-small button-danger-outline"
                      onClick={() => setDeleting(address)}
                      aria-label={`Delete ${formatAddress(address)}`}
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <AddAddressModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(address) => {
          onChange([address, ...addresses]);
          setAdding(false);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete address"
        message="Are you sure you want to delete this address?"
        confirmLabel="Delete"
        busy={busyDeleting}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
