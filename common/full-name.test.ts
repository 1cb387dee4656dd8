import { expect, it } from 'vitest';
import { splitFullName } from './full-name.ts';

it.each([
  ['Ada Lovelace', 'Ada', 'Lovelace'],
  ['Ada King Lovelace', 'Ada', 'King Lovelace'],
  ['  Ada   King  Lovelace ', 'Ada', 'King Lovelace'],
  ['Cher', 'Cher', ''],
  ['', '', ''],
  ['Zoë Ó Briain', 'Zoë', 'Ó Briain'],
])('splits %j at the first space', (full, first, last) => {
  expect(splitFullName(full)).toEqual({ first_name: first, last_name: last });
});
