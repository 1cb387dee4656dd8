import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** docs/decisions/README.md indexes every decision record; each record states its own status. */
const folder = path.join(import.meta.dirname, '..', 'docs', 'decisions');
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'));
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

it('lists every record in the index, linked', () => {
  const unlisted = records.filter(
    (name) => !index.includes(`| ${name.slice(0, 3)} | [`) || !index.includes(`](${name})`),
  );
  expect(unlisted).toEqual([]);
});

it('links no record that does not exist', () => {
  const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
  expect(linked.filter((name) => name !== '000-template.md' && !records.includes(name ?? ''))).toEqual([]);
});

it('gives every record a date and a Status line of proposed, accepted or superseded', () => {
  const without = records.filter((name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    return !/^Date: \d{4}-\d{2}-\d{2} · Status: (proposed|accepted|superseded)\b/im.test(text);
  });
  expect(without).toEqual([]);
});
