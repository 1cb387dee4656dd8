import { EMAIL_CHANGE_MESSAGES } from '../../../common/messages/accounts';
import { api } from '../../lib/api';
import type { User } from '../../lib/auth';
import { useWrite } from '../../lib/use-write';

/** While a new e-mail waits for its link: what happens next, and a way to take the change back. */
export function PendingEmailNotice({ user, onChange }: { user: User; onChange(user: User): void }) {
  const { busy, run } = useWrite();
  if (!user.pending_email) return null;

  async function cancel() {
    await run(() => api('/auth/email-change/', { method: 'DELETE' }), {
      done: EMAIL_CHANGE_MESSAGES.cancelled,
      failed: 'The change could not be cancelled.',
      onDone: onChange,
    });
  }

  return (
    <div className="profile-notice" role="status">
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
