/**
 * After `react-router build`: writes .br and .gz copies of the browser files (scripts, styles, SVG, HTML)
 * beside them, once at build time, so the server hands them out compressed at no CPU cost per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.join(import.meta.dirname, '..', 'build', 'client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(ROOT)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
  before += data.length;
  after += br.length;
}
console.log(
  `Precompressed ${count} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli).`,
);
