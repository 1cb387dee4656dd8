import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * No merge left half done in the prose: the compilers and Biome refuse a conflict marker in code, but
 * nothing parses the Markdown, and a README once kept both sides of a merge for a session.
 */
const root = path.join(import.meta.dirname, '..');
const skipped = new Set(['node_modules', 'build', 'reports', 'data', 'test-results', '.git']);

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name) || entry.name.startsWith('.')) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The lines a merge writes around the two sides of a conflict. */
function conflictLines(text: string): number[] {
  return text.split('\n').flatMap((line, at) => (/^(<{7}|>{7})( |$)|^={7}$/.test(line) ? [at + 1] : []));
}

it('finds the markers a conflicted merge leaves', () => {
  expect(conflictLines('a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> writes\nd')).toEqual([2, 4, 6]);
  expect(conflictLines('| a | b |\n|---|---|\n== heading ==')).toEqual([]);
});

it('leaves none in any Markdown file', () => {
  const found = markdownFiles(root).flatMap((file) =>
    conflictLines(readFileSync(file, 'utf8')).map((line) => `${path.relative(root, file)}:${line}`),
  );
  expect(found).toEqual([]);
});
