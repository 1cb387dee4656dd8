/**
 * Before/after figures for issue 14's attacks on sign-in and uploads, over real HTTP against a built server:
 * `node --import tsx bench/attacks.ts [project root]` (default: this one; give another worktree's root to
 * measure its build). The server runs behind a "proxy" (TRUST_PROXY=127.0.0.1), so X-Forwarded-For picks the
 * attacker's address. Prints one line per attack.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/free-port.ts';
import { linkIn, startSmtpCapture } from '../server/test/smtp-capture.ts';
import { evaluated, ipv4s, largeNoisyPhoto, tryLogin } from '../tests/e2e/support/attacker.ts';
import { SERVE_ENV, SERVE_NODE_FLAGS } from './server.ts';

const root = path.resolve(process.argv[2] ?? '.');
const PASSWORD = 'Blue-Harbour-42';
const smtp = await startSmtpCapture();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'attacks-'));
const server = spawn(process.execPath, [...SERVE_NODE_FLAGS, path.join(root, 'build/node/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    ...SERVE_ENV,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    PUBLIC_URL: base,
    TRUST_PROXY: '127.0.0.1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 300))) {
  ready = await fetch(`${base}/readyz`).then(
    (answer) => answer.ok,
    () => false,
  );
}

let registrant = 0;
async function owner(name: string): Promise<string> {
  const email = `${name}.${randomBytes(4).toString('hex')}@example.test`;
  const headers = {
    'content-type': 'application/json',
    origin: base,
    'x-forwarded-for': `192.0.2.${++registrant}`,
  };
  const body = { first_name: name, last_name: 'Owner', email, password: PASSWORD, password2: PASSWORD };
  await fetch(`${base}/api/auth/register/`, { method: 'POST', headers, body: JSON.stringify(body) });
  const [uid, token] = new URL(linkIn(await smtp.waitFor(email), '/activate')).pathname.split('/').slice(-2);
  await fetch(`${base}/api/auth/activate/${uid}/${token}/`);
  return email;
}

const report = (attack: string, figure: string) => console.log(`${attack.padEnd(52)} ${figure}`);

{
  const email = await owner('ada');
  const attempts = await Promise.all(
    Array.from({ length: 50 }, () =>
      tryLogin(base, { email, password: 'Wrong-1' }, { from: '198.51.100.10' }),
    ),
  );
  report('50 concurrent guesses, one account, one client', `${evaluated(attempts)} evaluated`);
}
{
  const email = await owner('grace');
  const attempts = (
    await Promise.all(
      ipv4s(30, 20).map(async (from) => {
        const mine = [];
        for (let i = 0; i < 5; i++) mine.push(await tryLogin(base, { email, password: `G-${i}` }, { from }));
        return mine;
      }),
    )
  ).flat();
  // The mail queue sends after the answer: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const mails = smtp.messages.filter((mail) => mail.to === email).length;
  report(
    '30 addresses x 5 guesses, one account',
    `${evaluated(attempts)} evaluated, ${mails} unlock mail(s)`,
  );
}
{
  const emails = Array.from(
    { length: 100 },
    (_, i) => `spray${i}.${randomBytes(3).toString('hex')}@example.test`,
  );
  const attempts = [];
  for (const email of emails)
    attempts.push(await tryLogin(base, { email, password: 'Summer-2026!' }, { from: '198.51.100.99' }));
  report('spraying 1 password over 100 accounts, one address', `${evaluated(attempts)} evaluated`);
}
{
  const email = await owner('hedy');
  const attempts = [];
  for (let a = 1; a <= 20; a++) {
    for (let i = 0; i < 5; i++) {
      attempts.push(
        await tryLogin(base, { email, password: `W-${i}` }, { from: `2001:db8::${a.toString(16)}:1` }),
      );
    }
  }
  report('20 addresses of one IPv6 /64 x 5 guesses', `${evaluated(attempts)} evaluated`);
}
{
  const uploader = await owner('mary');
  const signedIn = await tryLogin(base, { email: uploader, password: PASSWORD }, { from: '192.0.2.200' });
  const cookie = signedIn.cookies.find((value) => value.startsWith('sid=')) ?? '';
  const other = await owner('lise');
  const large = await largeNoisyPhoto();
  const timedLogin = async (i: number) => {
    const started = performance.now();
    const answer = await tryLogin(
      base,
      { email: other, password: PASSWORD },
      { from: `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    );
    if (answer.status !== 200) throw new Error(`login ${answer.status} ${answer.detail}`);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const idle: number[] = [];
  for (let i = 0; i < 15; i++) idle.push(await timedLogin(i));
  const file = path.join(dataDir, 'big.jpg');
  await writeFile(file, large);
  const started = performance.now();
  const burst = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/upload-burst.ts', base, cookie, file, '8'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let sending: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    sending = resolve;
  });
  burst.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.startsWith('start')) sending();
  });
  let finished = false;
  const burstDone = new Promise<number[]>((resolve) =>
    burst.on('exit', () => {
      finished = true;
      resolve(JSON.parse(output.replace(/^start\s*/, '') || '[]'));
    }),
  );
  await sent;
  // Sign-ins one after another for as long as the uploads are being sent and processed.
  const busy: number[] = [];
  for (let i = 0; !finished; i++) busy.push(await timedLogin(15 + (i % 200)));
  const statuses = await burstDone;
  const uploadMs = performance.now() - started;
  report(
    '8 parallel 4096x4096 uploads: login latency',
    `idle ${median(idle).toFixed(0)} ms, during ${median(busy).toFixed(0)} ms (x${(median(busy) / median(idle)).toFixed(1)}); uploads ${statuses.join(',')} in ${uploadMs.toFixed(0)} ms`,
  );
}

server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
await smtp.close();
await rm(dataDir, { recursive: true, force: true });
