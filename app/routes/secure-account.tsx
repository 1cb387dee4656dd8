import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EMAIL_CHANGE_MESSAGES } from '../../common/messages/accounts';
import { company } from '../../content/company';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, serverDetail } from '../lib/api';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/secure-account';

export const meta: Route.MetaFunction = () => [
  { title: `Secure Your Account | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

type Outcome =
  | { state: 'asking' }
  | { state: 'secured'; detail: string }
  | { state: 'failed'; detail: string };

/**
 * "This wasn't me" from a notice e-mail. It acts only on the button: a mail scanner opening the link
 * must not lock the owner out.
 */
export default function SecureAccount() {
  const { uid = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'asking' });
  const { busy, run } = useWrite();

  async function secure() {
    await run(
      () =>
        api(`/auth/secure-account/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, {
          method: 'POST',
        }),
      {
        // The outcome is the page's own message, not a toast.
        failed: null,
        onDone: (answer) => setOutcome({ state: 'secured', detail: answer.detail }),
        onFailed: (error) => {
          const detail = serverDetail(error);
          setOutcome({ state: 'failed', detail: detail || EMAIL_CHANGE_MESSAGES.invalidSecure });
        },
      },
    );
  }

  return (
    <>
      <PageHeader title="Secure Your Account" />
      <section className="container section">
        <div className="auth-card">
          <div role="status" aria-live="polite">
            {outcome.state === 'secured' && <p className="status-message success">{outcome.detail}</p>}
            {outcome.state === 'failed' && (
              <>
                <p className="status-message failure">{outcome.detail}</p>
                <p>
                  If you still think someone else uses your account,{' '}
                  <Link to="/forgot-password">reset your password</Link> now.
                </p>
              </>
            )}
          </div>
          {outcome.state === 'asking' && (
            <>
              <p>If you did not make the change this e-mail told you about, secure your account now:</p>
              <ul>
                <li>every session ends, on every device;</li>
                <li>a pending e-mail change is cancelled, and the address the notice went to comes back;</li>
                <li>the current password stops working, and we send you a link to choose a new one.</li>
              </ul>
              <button type="button" className="button" disabled={busy} onClick={secure}>
                {busy ? 'Securing...' : 'Secure my account'}
              </button>
            </>
          )}
        </div>
      </section>
    </>
  );
}
