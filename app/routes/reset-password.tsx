import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { PASSWORD_LENGTH } from '../../common/limits';
import { ACCOUNT_MESSAGES, PASSWORDS_DO_NOT_MATCH } from '../../common/messages/accounts';
import { company } from '../../content/company';
import { FormField } from '../components/FormField';
import { NeedsScript } from '../components/NeedsScript';
import { NewPasswordField } from '../components/NewPasswordField';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, fieldErrors } from '../lib/api';
import { needsScriptAction } from '../lib/needs-script.server';
import { toast } from '../lib/toast';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [
  { title: `Reset Password | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

export const action = needsScriptAction;

export default function ResetPassword() {
  const { uid = '', token = '' } = useParams();
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirmPassword = String(form.get('confirm_password') ?? '');
    if (password !== confirmPassword) {
      toast.error(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setErrors({});
    await run(
      () =>
        api(`/auth/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, {
          method: 'POST',
          body: { password, confirm_password: confirmPassword },
        }),
      {
        done: ACCOUNT_MESSAGES.resetOk,
        failed: (error) => ({ message: fieldErrors(error).password?.[0] ?? ACCOUNT_MESSAGES.invalidReset }),
        onFailed: (error) => setErrors(fieldErrors(error)),
        next: '/',
      },
    );
  }

  return (
    <>
      <PageHeader title="Reset Password" />
      <section className="container section">
        <form className="auth-card form" method="post" onSubmit={submit} aria-label="Reset Password">
          <NeedsScript />
          <NewPasswordField
            label="New password"
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
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            required
            errors={errors.confirm_password}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </button>
        </form>
      </section>
    </>
  );
}
