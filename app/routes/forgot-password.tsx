import type { FormEvent } from 'react';
import { readsNoQuery } from '../../common/page-query';
import { FormField } from '../components/FormField';
import { NeedsScript } from '../components/NeedsScript';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, failureMessage } from '../lib/api';
import { publicPageHeaders } from '../lib/http-cache';
import { needsScriptAction } from '../lib/needs-script.server';
import { pageMeta } from '../lib/seo';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/forgot-password';

export const handle = readsNoQuery;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Forgot Password',
    description: 'Get a link to choose a new password for your account.',
  });
export const headers = publicPageHeaders;

export const action = needsScriptAction;

export default function ForgotPassword() {
  const { busy, run } = useWrite();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    await run(() => api('/auth/forgot-password/', { method: 'POST', body: { email } }), {
      done: (answer) => answer.detail,
      failed: (error) => ({ message: failureMessage(error, 'Failed to send reset link.') }),
      next: '/',
    });
  }

  return (
    <>
      <PageHeader title="Forgot Password" />
      <section className="container section">
        <form className="auth-card form" method="post" onSubmit={submit} aria-label="Forgot Password">
          <NeedsScript />
          <p>
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <FormField label="Email" name="email" type="email" autoComplete="email" required />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
      </section>
    </>
  );
}
