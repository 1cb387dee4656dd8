import { expect, it } from 'vitest';
import { postalCodeInputMode } from './postal-codes';

it('offers the number pad only where postal codes are digits, and the full keyboard everywhere else', () => {
  for (const country of ['Germany', ' deutschland ', 'DE', 'India', 'South  Africa']) {
    expect(postalCodeInputMode(country)).toBe('numeric');
  }
  // Letters (UK, Canada, Ireland, Netherlands), dashes (Portugal, Poland, Japan, US ZIP+4), spaces (Sweden).
  for (const country of ['United Kingdom', 'UK', 'Canada', 'Ireland', 'Netherlands', 'Portugal', 'Poland']) {
    expect(postalCodeInputMode(country)).toBe('text');
  }
  for (const country of ['Japan', 'USA', 'Sweden', '', 'Atlantis']) {
    expect(postalCodeInputMode(country)).toBe('text');
  }
});
