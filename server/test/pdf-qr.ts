import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The QR codes on a PDF's first page as a phone would read them: the page rendered by poppler's `pdftoppm`
 * (200 dpi) and decoded by `zbarimg`, in UTF-8 and byte for byte.
 */
export async function pdfQrCodes(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-qr-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const run = promisify(execFile);
    await run('pdftoppm', [
      '-png',
      '-r',
      '200',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    const image = path.join(dir, 'page.png');
    const found = await run(
      'zbarimg',
      ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', '-Sbinary', image],
      {
        encoding: 'buffer',
      },
    ).catch((error: { code?: number }) => {
      // zbarimg's exit status 4: the picture holds no code.
      if (error.code === 4) return undefined;
      throw error;
    });
    const text = found?.stdout.toString('utf8') ?? '';
    return text ? [text.replace(/\n$/, '')] : [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
