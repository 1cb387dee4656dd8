import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../common/messages/accounts';
import { loginPath, safeNext } from '../../common/safe-next';
import { company } from '../../content/company';
import { PageHeader } from '../components/page-header/PageHeader';
import { api } from '../lib/api';
import type { LoginState } from '../lib/login-state';
import type { Route } from './+types/activate';

export const meta: Route.MetaFunction = () => [
  { title: `Account Activation | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

type Outcome = 'activating' | 'activated' | 'failed';

/**
 * Activates on load, in the browser: a link previewer fetching the page does not use up the link. Not a
 * `useWrite` write: it runs once on load, with no button to keep busy and no toast, and the page's outcome is
 * all it shows.
 */
export default function Activate() {
  const { uid = '', token = '' } = useParams();
  // Registered on the way to a page (checkout): the login brings the buyer back there.
  const next = safeNext(useSearchParams()[0].get('next'), '');
  const login = loginPath(next);
  const [outcome, setOutcome] = useState<Outcome>('activating');
  const [email, setEmail] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api(`/auth/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`)
      .then((answer) => {
        setEmail(answer.email);
        setOutcome('activated');
      })
      .catch(() => setOutcome('failed'));
  }, [uid, token]);

  return (
    <>
      <PageHeader title="Account Activation" />
      <section className="container section">
        <div className="auth-card" role="status" aria-live="polite">
          {outcome === 'activating' && <p className="status-message">Activating...</p>}
          {outcome === 'activated' && (
            <>
              <p className="status-message success">{ACCOUNT_MESSAGES.activated}</p>
              <p>
                <Link className="button" to={login} state={{ email } satisfies LoginState}>
                  Log in
                </Link>
              </p>
            </>
          )}
          {outcome === 'failed' && (
            <>
              <p className="status-message failure">{ACCOUNT_MESSAGES.invalidActivation}</p>
              <p>
                <Link to={login}>Log in</Link> with your e-mail and password to receive a new link, or{' '}
                <Link to={login}>register again</Link>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
