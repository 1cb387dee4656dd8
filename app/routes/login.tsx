import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { NAME_MAX_LENGTH, PASSWORD_LENGTH } from '../../common/limits';
import { ACCOUNT_MESSAGES, PASSWORDS_DO_NOT_MATCH } from '../../common/messages/accounts';
import { NEW_CARD_NOTICE } from '../../common/messages/profiles';
import type { PageQuery } from '../../common/page-query';
import { safeNext } from '../../common/safe-next';
import { company } from '../../content/company';
import { FormField } from '../components/FormField';
import { NeedsScript } from '../components/NeedsScript';
import { NewPasswordField } from '../components/NewPasswordField';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, failureMessage, fieldErrors } from '../lib/api';
import { useAuth } from '../lib/auth';
import { formValues } from '../lib/form-values';
import { publicPageHeaders } from '../lib/http-cache';
import { readLoginState } from '../lib/login-state';
import { needsScriptAction } from '../lib/needs-script.server';
import { pageMeta } from '../lib/seo';
import { toast } from '../lib/toast';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/login';

/** The page cache keys this page on these alone (common/page-query.ts). */
export const handle: PageQuery = { query: ['next'] };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Login',
    description: `Log in to your ${company.name} account, or register to order cards and set up your intro card.`,
  });
export const headers = publicPageHeaders;

export const action = needsScriptAction;

type Tab = 'login' | 'register';

function LoginForm({ email, onEmail }: { email: string; onEmail(email: string): void }) {
  const { busy, run } = useWrite();
  const [params] = useSearchParams();
  const auth = useAuth();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    await run(
      async () => {
        await api('/auth/login/', { method: 'POST', body: values });
        await auth.refresh();
      },
      {
        done: ACCOUNT_MESSAGES.loginOk,
        failed: (error) => ({ message: failureMessage(error, ACCOUNT_MESSAGES.invalidLogin) }),
        next: safeNext(params.get('next')),
      },
    );
  }

  return (
    <form className="form" method="post" onSubmit={submit} aria-label="Login">
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => onEmail(event.target.value)}
      />
      <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </button>
      <p className="form-links">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </form>
  );
}

function RegisterForm({ email, onRegistered }: { email: string; onRegistered(email: string): void }) {
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On the way to a page (checkout): the activation link brings the buyer back to it.
  const next = safeNext(useSearchParams()[0].get('next'), '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    if (values.password !== values.password2) {
      setErrors({ password2: [PASSWORDS_DO_NOT_MATCH] });
      toast.error(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setErrors({});
    await run(() => api('/auth/register/', { method: 'POST', body: next ? { ...values, next } : values }), {
      // The spec's toast alone; what to do next is said on the page (Login).
      done: ACCOUNT_MESSAGES.registered,
      failed: (error) => ({ message: failureMessage(error, 'Registration failed') }),
      onDone: () => onRegistered(values.email ?? ''),
      onFailed: (error) => setErrors(fieldErrors(error)),
    });
  }

  return (
    <form className="form" method="post" onSubmit={submit} aria-label="Register">
      <div className="form-row">
        <FormField
          label="First name"
          name="first_name"
          autoComplete="given-name"
          required
          maxLength={NAME_MAX_LENGTH}
          errors={errors.first_name}
        />
        <FormField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          required
          maxLength={NAME_MAX_LENGTH}
          errors={errors.last_name}
        />
      </div>
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        errors={errors.email}
      />
      <NewPasswordField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        errors={errors.password}
      />
      <FormField
        label="Confirm password"
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        errors={errors.password2}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Registering...' : 'Register'}
      </button>
    </form>
  );
}

export default function Login() {
  const [tab, setTab] = useState<Tab>('login');
  const [email, setEmail] = useState('');
  const [registered, setRegistered] = useState<string | null>(null);
  const id = useId();
  // Sent here with an address (just activated, or a card's): filled in after hydration, on the right tab.
  const { state } = useLocation();
  useEffect(() => {
    const given = readLoginState(state);
    if (given.email) setEmail(given.email);
    if (given.tab) setTab(given.tab);
  }, [state]);
  const tabs: { key: Tab; label: string }[] = [
    { key: 'login', label: 'Login' },
    { key: 'register', label: 'Register' },
  ];
  return (
    <>
      <PageHeader title="Login" />
      <section className="container section">
        <div className="auth-card">
          <NeedsScript />
          <div className="tabs" role="tablist" aria-label="Account">
            {tabs.map(({ key, label }) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`${id}-${key}-tab`}
                className="tab"
                aria-selected={tab === key}
                aria-controls={`${id}-${key}-panel`}
                tabIndex={tab === key ? 0 : -1}
                onClick={() => setTab(key)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                    const next = key === 'login' ? 'register' : 'login';
                    setTab(next);
                    document.getElementById(`${id}-${next}-tab`)?.focus();
                  }
                }}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
            {registered && tab === 'login' && (
              <p className="auth-card-notice">
                We sent an activation link to <strong>{registered}</strong>: open it, then log in here.{' '}
                {NEW_CARD_NOTICE}
              </p>
            )}
            {tab === 'login' ? (
              <LoginForm email={email} onEmail={setEmail} />
            ) : (
              <RegisterForm
                email={email}
                onRegistered={(address) => {
                  setEmail(address);
                  setRegistered(address);
                  setTab('login');
                }}
              />
            )}
          </div>
        </div>
      </section>
    </>
  );
}
