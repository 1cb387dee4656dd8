import { useState } from 'react';
import { EMAIL_CHANGE_MESSAGES } from '../../../common/messages/accounts';
import { api } from '../../lib/api';
import type { User } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { toastFailure } from '../../lib/toast-failure';

/** While a new e-mail waits for its link: what happens next, and a way to take the change back. */
export function PendingEmailNotice({ user, onChange }: { user: User; onChange(user: User): void }) {
  const [busy, setBusy] = useState(false);
  if (!user.pending_email) return null;

  async function cancel() {
    setBusy(true);
    try {
      onChange(await api('/auth/email-change/', { method: 'DELETE' }));
      toast.success(EMAIL_CHANGE_MESSAGES.cancelled);
    } catch (error) {
      toastFailure('The change could not be cancelled.', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="notice" role="status">
      <p>
        We sent a link to <strong>{user.pending_email}</strong>. Your e-mail changes when you open it; until
        then you log in with <strong>{user.email}</strong>.
      </p>
      <button type="button" className="button button-outline button-small" disabled={busy} onClick={cancel}>
        Cancel change
      </button>
    </div>
  );
}
