import { expect, it } from 'vitest';
import { neutraliseFormula } from './export.ts';

it.each([
  ['=1+1', "'=1+1"],
  ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ['+1+1', "'+1+1"],
  ['+1-1', "'+1-1"],
  ['+12 34', "'+12 34"],
  ['+44 20 7946 0000 =1', "'+44 20 7946 0000 =1"],
  ['+44+20 7946 0000', "'+44+20 7946 0000"],
  ['-44 20 7946 0000', "'-44 20 7946 0000"],
  ['-2', "'-2"],
  ['@SUM(1)', "'@SUM(1)"],
  ['\t=1', "'\t=1"],
  ['\r=1', "'\r=1"],
])('a cell starting with a formula character is text: %j', (cell, safe) => {
  expect(neutraliseFormula(cell)).toBe(safe);
});

it.each([
  '',
  'Ada Lovelace',
  'a=b',
  'x+1',
  "'already",
  ' =1',
  'ana@example.test',
  '1-2',
  '+44 20 7946 0000',
  '+1 (202) 555-0142',
  '+33.1.23.45.67.89',
  '+4915112345678',
])('any other cell, a plausible phone number too, is left alone: %j', (cell) => {
  expect(neutraliseFormula(cell)).toBe(cell);
});
