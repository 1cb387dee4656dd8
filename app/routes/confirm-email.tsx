import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EMAIL_CHANGE_MESSAGES } from '../../common/messages/accounts';
import { company } from '../../content/company';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, serverDetail } from '../lib/api';
import type { Route } from './+types/confirm-email';

export const meta: Route.MetaFunction = () => [
  { title: `Confirm Your New Email | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

type Outcome =
  | { state: 'confirming' }
  | { state: 'confirmed'; email: string }
  | { state: 'failed'; detail: string };

/**
 * Confirms on load, in the browser: a link previewer fetching the page does not use up the link. Not a
 * `useWrite` write: it runs once on load, with no button to keep busy and no toast, and the page's outcome is
 * all it shows.
 */
export default function ConfirmEmail() {
  const { uid = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api(`/auth/email-change/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, {
      method: 'POST',
    })
      .then((answer) => setOutcome({ state: 'confirmed', email: answer.email }))
      .catch((error: unknown) => {
        const detail = serverDetail(error);
        setOutcome({ state: 'failed', detail: detail || EMAIL_CHANGE_MESSAGES.invalidConfirm });
      });
  }, [uid, token]);

  return (
    <>
      <PageHeader title="Confirm Your New Email" />
      <section className="container section">
        <div className="auth-card" role="status" aria-live="polite">
          {outcome.state === 'confirming' && <p className="status-message">Confirming...</p>}
          {outcome.state === 'confirmed' && (
            <>
              <p className="status-message success">{EMAIL_CHANGE_MESSAGES.confirmed}</p>
              <p>
                Your account now uses <strong>{outcome.email}</strong>: log in with it from now on.
              </p>
              <p>
                <Link className="button" to="/profile">
                  Go to my profile
                </Link>
              </p>
            </>
          )}
          {outcome.state === 'failed' && (
            <>
              <p className="status-message failure">{outcome.detail}</p>
              <p>
                Your account keeps its current e-mail. To try again, change it on your{' '}
                <Link to="/profile">profile</Link>: a new link is sent.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
