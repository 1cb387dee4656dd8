/**
 * Sends `count` profile-photo uploads at once from its own process (so the process timing sign-ins is not
 * the one busy sending megabytes): `node --import tsx bench/upload-burst.ts <base> <cookie> <file> [count]`.
 * Prints the statuses as JSON.
 */
import { readFile } from 'node:fs/promises';
import { multipart } from '../server/test/users.ts';

const [base = '', cookie = '', file = '', count = '8'] = process.argv.slice(2);
const data = await readFile(file);
console.log('start');
const statuses = await Promise.all(
  Array.from({ length: Number(count) }, async () => {
    const form = multipart({}, { field: 'profile_image', filename: 'big.jpg', type: 'image/jpeg', data });
    const answer = await fetch(`${base}/api/auth/profile/`, {
      method: 'PUT',
      headers: { cookie, origin: base, 'x-forwarded-for': '192.0.2.200', ...form.headers },
      body: new Uint8Array(form.payload),
    });
    await answer.arrayBuffer();
    return answer.status;
  }),
);
console.log(JSON.stringify(statuses));
