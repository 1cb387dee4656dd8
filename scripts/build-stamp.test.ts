import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildIsCurrent, sourceHash, writeStamp } from './build-stamp.ts';

function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  mkdirSync(path.join(root, 'app', 'routes'), { recursive: true });
  mkdirSync(path.join(root, 'build', 'node'), { recursive: true });
  writeFileSync(path.join(root, 'app', 'routes', 'home.tsx'), 'export default 1;\n');
  writeFileSync(path.join(root, 'package.json'), '{}\n');
  writeFileSync(path.join(root, 'build', 'node', 'main.js'), '');
  return root;
}

it('starts without rebuilding only while the build matches the sources', () => {
  const root = project();
  expect(buildIsCurrent(root)).toBe(false);
  writeStamp(root);
  expect(buildIsCurrent(root)).toBe(true);

  // The same content written again (a checkout) keeps the build; a changed file does not.
  writeFileSync(path.join(root, 'app', 'routes', 'home.tsx'), 'export default 1;\n');
  expect(buildIsCurrent(root)).toBe(true);
  writeFileSync(path.join(root, 'app', 'routes', 'home.tsx'), 'export default 2;\n');
  expect(buildIsCurrent(root)).toBe(false);
  writeStamp(root);

  // A new file, or a changed lock file, is a new build too.
  writeFileSync(path.join(root, 'app', 'routes', 'about.tsx'), 'export default 3;\n');
  expect(buildIsCurrent(root)).toBe(false);
  writeStamp(root);
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  expect(buildIsCurrent(root)).toBe(false);
});

it('hashes names as well as contents', () => {
  const a = project();
  const b = project();
  writeFileSync(path.join(b, 'app', 'routes', 'home.tsx'), '');
  writeFileSync(path.join(b, 'app', 'routes', 'x.tsx'), 'export default 1;\n');
  expect(sourceHash(a)).not.toBe(sourceHash(b));
});
