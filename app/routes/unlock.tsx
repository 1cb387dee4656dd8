import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../common/messages/accounts';
import { company } from '../../content/company';
import { PageHeader } from '../components/page-header/PageHeader';
import { api } from '../lib/api';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/unlock';

export const meta: Route.MetaFunction = () => [
  { title: `Unlock Sign-in | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

type Outcome = 'ready' | 'unlocked' | 'failed';

/** A button, not an action on load: mail scanners open links, and must not use this one up. */
export default function Unlock() {
  const { uid = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>('ready');
  const [message, setMessage] = useState('');
  const { busy, run } = useWrite();

  async function unlock() {
    await run(
      () => api(`/auth/unlock/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, { method: 'POST' }),
      {
        // The outcome is the page's own message, not a toast.
        failed: null,
        onDone: (answer) => {
          setMessage(answer.detail);
          setOutcome('unlocked');
        },
        onFailed: () => setOutcome('failed'),
      },
    );
  }

  return (
    <>
      <PageHeader title="Unlock Sign-in" />
      <section className="container section">
        <div className="auth-card" role="status" aria-live="polite">
          {outcome === 'ready' && (
            <>
              <p>
                Sign-ins to your account were paused after many failed attempts. Unlock sign-in on this
                device, then log in with your password as usual.
              </p>
              <p>
                <button type="button" className="button" onClick={unlock} disabled={busy}>
                  {busy ? 'Unlocking...' : 'Unlock sign-in on this device'}
                </button>
              </p>
            </>
          )}
          {outcome === 'unlocked' && (
            <>
              <p className="status-message success">{message}</p>
              <p>
                <Link className="button" to="/login">
                  Log in
                </Link>
              </p>
            </>
          )}
          {outcome === 'failed' && (
            <>
              <p className="status-message failure">{ACCOUNT_MESSAGES.invalidUnlock}</p>
              <p>
                <Link to="/login">Log in</Link> on a device you have used before, or{' '}
                <Link to="/forgot-password">reset your password</Link>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
