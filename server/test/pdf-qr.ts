import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ZBAR = ['--quiet', '--nodbus', '-Sdisable', '-Sqrcode.enable'];

/** zbarimg's exit status 4: the picture holds no code. */
const noCode = (error: { code?: number }) => {
  if (error.code === 4) return undefined;
  throw error;
};

/**
 * The QR codes on one rendered page. zbarimg's XML lists every code (text, or base64 after its own charset guess);
 * its raw binary output keeps the bytes exactly but runs the codes together, so it is used as the code's text
 * when the page holds exactly one.
 */
async function pageCodes(image: string): Promise<string[]> {
  const xml = await run('zbarimg', [...ZBAR, '--xml', image]).catch(noCode);
  const listed = [
    ...(xml?.stdout ?? '').matchAll(/<data( format='base64')?[^>]*><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g),
  ].map((match) => (match[1] ? Buffer.from(match[2] ?? '', 'base64').toString('utf8') : (match[2] ?? '')));
  if (listed.length !== 1) return listed;
  const raw = await run('zbarimg', [...ZBAR, '--raw', '-Sbinary', image], { encoding: 'buffer' }).catch(
    noCode,
  );
  return [raw?.stdout.toString('utf8').replace(/\n$/, '') ?? ''];
}

/**
 * Every QR code on every page of a PDF as a phone would read them, page by page: each page rendered by
 * poppler's `pdftoppm` (200 dpi) and decoded by `zbarimg`, a lone code on its page in UTF-8 byte for byte.
 */
export async function pdfQrCodes(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-qr-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-png', '-r', '200', file, path.join(dir, 'page')]);
    const pages = (await readdir(dir))
      .filter((name) => name.startsWith('page') && name.endsWith('.png'))
      .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
    const codes: string[] = [];
    for (const page of pages) codes.push(...(await pageCodes(path.join(dir, page))));
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
