import { type CardOwner, seedCardOwners } from '../../../server/test/card-owners.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../../server/test/smtp-capture.ts';
import { runAdminCreate, type ServerProcess, startServer, stopServer } from './server-process.ts';

/** A server of its own for one spec file, on a fresh database, sending real mail to an SMTP capture. */
export interface MailedServer {
  server: ServerProcess;
  smtp: SmtpCapture;
  baseUrl: string;
  /** Headers the client sends with every request made outside the browser (a shared server's client address). */
  headers?: Record<string, string>;
  close(): Promise<void>;
}

/** `prepare` runs on the new data directory before the server starts (e.g. `npm run admin:create`). */
export async function startMailedServer(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<MailedServer> {
  const smtp = await startSmtpCapture();
  const server = await startServer({
    env: (baseUrl) => ({ SMTP_URL: smtp.url, PUBLIC_URL: baseUrl, ...env }),
    prepare,
  });
  return {
    server,
    smtp,
    baseUrl: server.baseUrl,
    async close() {
      await stopServer(server);
      await smtp.close();
    },
  };
}

/** An active account made through the real API: registered, then activated from its e-mail. */
export async function registerActiveUser(
  target: MailedServer,
  user: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const registered = await fetch(`${target.baseUrl}/api/auth/register/`, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json', origin: target.baseUrl },
    body: JSON.stringify({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      password: user.password,
      password2: user.password,
    }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  const [uid, token] = new URL(linkIn(await target.smtp.waitFor(user.email), '/activate')).pathname
    .split('/')
    .slice(-2);
  const activated = await fetch(`${target.baseUrl}/api/auth/activate/${uid}/${token}/`, {
    headers: target.headers,
  });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.status}`);
}

/**
 * A mailed server whose database already has this admin (made with `npm run admin:create` before it starts)
 * and these card owners (filled-in intro cards, written before it starts).
 */
export function startMailedServerWithAdmin(
  admin: {
    email: string;
    password: string;
    firstName?: string;
  },
  cardOwners: CardOwner[] = [],
): Promise<MailedServer> {
  return startMailedServer({}, async (dataDir) => {
    if (cardOwners.length > 0) await seedCardOwners(dataDir, cardOwners);
    const name = admin.firstName ? ['--first-name', admin.firstName] : [];
    const made = await runAdminCreate(dataDir, [
      '--email',
      admin.email,
      '--password',
      admin.password,
      ...name,
    ]);
    if (made.code !== 0) throw new Error(made.stderr);
  });
}
