import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadEnvFile, siteAddressForTools } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { isCommonPassword } from '../modules/accounts/passwords.ts';
import { emailField, newPasswordField } from '../modules/accounts/schemas.ts';
import { createAdmin } from '../modules/accounts/service.ts';
import { withTool } from './open-database.ts';

const USAGE =
  'Usage: npm run admin:create -- [--email EMAIL] [--password PASSWORD] [--first-name NAME] [--last-name NAME]';

class UsageError extends Error {}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${question.replace(/: $/, '')} is required. ${USAGE}`);
  // For a password, readline's prompt and echo go to a stream that drops them: nothing typed is shown.
  const output = hidden
    ? new Writable({
        write(_chunk, _encoding, done) {
          done();
        },
      })
    : process.stdout;
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  // The prompt only once the terminal is in raw mode, so nothing typed after it is echoed by the terminal.
  if (hidden) process.stdout.write(question);
  const answer = await rl.question(hidden ? '' : question);
  if (hidden) process.stdout.write('\n');
  rl.close();
  return answer;
}

/** `npm run admin:create`: the first admin (or an existing account promoted), from the command line only. */
async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const email = emailField.safeParse(values.email ?? (await ask('E-mail: ')));
  if (!email.success) throw new UsageError(`E-mail: ${email.error.issues[0]?.message}`);
  const password = newPasswordField.safeParse(values.password ?? (await ask('Password: ', true)));
  if (!password.success) throw new UsageError(`Password: ${password.error.issues[0]?.message}`);
  if (isCommonPassword(password.data)) throw new UsageError('Password: This password is too common.');

  loadEnvFile();
  await withTool('admin:create', process.env, async (tool) => {
    if (tool.newDatabase) console.error(tool.newDatabase);
    const outcome = await createAdmin(tool.database.db, {
      email: email.data,
      password: password.data,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    console.log(
      outcome === 'created'
        ? `Created the admin ${email.data}. Log in at ${siteAddressForTools(tool.config, process.env).url}/login.`
        : `${email.data} is now an admin (active, with the new password).`,
    );
  });
}

run().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof UsageError;
  console.error(known ? error.message : error);
  process.exit(1);
});
