import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildVCard, type ContactCard, foldLine, vcardFileName } from './vcard.ts';

/** Parses with ical.js (an independent implementation) into property name → values. */
function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  const values = (name: string) => component.getAllProperties(name).map((property) => property.getValues());
  const params = (name: string, param: string) =>
    component.getAllProperties(name).map((property) => property.getParameter(param));
  return { component, values, params };
}

const full: ContactCard = {
  firstName: 'Zoë; "Ziggy"',
  lastName: 'Ó Briain, Jr.',
  email: 'zoe@example.com',
  phone: '+353 1 234 5678',
  company: 'Nexa Digital; Dublin, Ireland',
  jobTitle: 'Head of Design\\Research',
  bio: 'Line one\nLine two, with commas; semicolons\r\nand 日本語 text — long enough to be folded at least once or twice in the file.',
  location: 'https://maps.example.com/?q=53.3498,-6.2603&z=15',
  links: [
    { url: 'https://github.com/zoe', type: 'github' },
    { url: 'https://www.linkedin.com/in/zoe', type: 'linkedin' },
    { url: 'https://cal.example.com/zoe', type: 'booking' },
    { url: 'https://zoe.example.com/' },
  ],
  address: {
    address: '1 Grand Canal Sq, Dock 3',
    city: 'Dublin',
    state: '',
    postal_code: '02',
    country: 'Ireland',
  },
  photoJpegBase64: Buffer.from('not really a jpeg but bytes all the same '.repeat(20)).toString('base64'),
};

describe('buildVCard', () => {
  it('round-trips every field through an independent parser', () => {
    const text = buildVCard(full);
    const { values, params } = parse(text);
    expect(values('version')).toEqual([['3.0']]);
    expect(values('n')[0]?.[0]).toEqual(['Ó Briain, Jr.', 'Zoë; "Ziggy"', '', '', '']);
    expect(values('fn')).toEqual([['Zoë; "Ziggy" Ó Briain, Jr.']]);
    expect(values('email')).toEqual([['zoe@example.com']]);
    expect(values('tel')).toEqual([['+353 1 234 5678']]);
    expect(params('tel', 'type')).toEqual(['CELL']);
    expect(values('org')).toEqual([['Nexa Digital; Dublin, Ireland']]);
    expect(values('title')).toEqual([['Head of Design\\Research']]);
    expect(values('adr')[0]?.[0]).toEqual([
      '',
      '',
      '1 Grand Canal Sq, Dock 3',
      'Dublin',
      '',
      '02',
      'Ireland',
    ]);
    expect(params('adr', 'type')).toEqual(['WORK']);
    expect(values('note')).toEqual([[full.bio?.replace('\r\n', '\n')]]);
    expect(values('url').flat()).toEqual([
      full.location,
      'https://github.com/zoe',
      'https://www.linkedin.com/in/zoe',
      'https://cal.example.com/zoe',
      'https://zoe.example.com/',
    ]);
    expect(params('url', 'type')).toEqual([undefined, 'github', 'linkedin', 'booking', undefined]);
    expect(values('x-socialprofile').flat()).toEqual([
      'https://github.com/zoe',
      'https://www.linkedin.com/in/zoe',
    ]);
    expect(params('x-socialprofile', 'type')).toEqual(['github', 'linkedin']);
    expect(
      values('photo')
        .flat()
        .map((photo) => String((photo as { value?: string }).value ?? photo)),
    ).toEqual([full.photoJpegBase64]);
    expect(params('photo', 'type')).toEqual(['JPEG']);
  });

  it('uses CRLF, folds every line at 75 octets and never splits a UTF-8 character', () => {
    const text = buildVCard(full);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    const folded = foldLine(`NOTE:${'日'.repeat(60)}`);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`NOTE:${'日'.repeat(60)}`);
  });

  it('writes a minimal card with no optional field', () => {
    const text = buildVCard({ firstName: 'Ada', lastName: '' });
    expect(text).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ada;;;\r\nFN:Ada\r\nEND:VCARD\r\n');
    const { values } = parse(text);
    expect(values('fn')).toEqual([['Ada']]);
  });

  it('keeps the QR-code form to the contact and the profile link, small enough to scan', () => {
    const profileUrl = 'https://cards.example/profile/zoe';
    const text = buildVCard({ ...full, profileUrl }, { forQrCode: true });
    const { values } = parse(text);
    expect(values('photo')).toEqual([]);
    expect(values('note')).toEqual([]);
    expect(values('x-socialprofile')).toEqual([]);
    expect(values('url')).toEqual([[profileUrl]]);
    expect(values('n')).toEqual([[['Ó Briain, Jr.', 'Zoë; "Ziggy"', '', '', '']]]);
    expect(values('adr')).toHaveLength(1);
    expect(values('email')).toHaveLength(1);
    expect(new TextEncoder().encode(text).length).toBeLessThan(buildVCard(full).length / 2);
  });

  it('keeps a line break out of a URL', () => {
    const text = buildVCard({ firstName: 'A', lastName: 'B', location: 'https://x.example/\r\nEND:VCARD' });
    expect(text.split('\r\n').filter((line) => line === 'END:VCARD')).toHaveLength(1);
    expect(parse(text).values('url')).toEqual([['https://x.example/END:VCARD']]);
  });
});

describe('vcardFileName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada_Lovelace.vcf'],
    ['Mary Ann', 'Evans', 'Mary_Ann_Evans.vcf'],
    ['', '', 'contact.vcf'],
    ['a/b', 'c:d', 'ab_cd.vcf'],
  ])('%s %s → %s', (first, last, expected) => {
    expect(vcardFileName(first, last)).toBe(expected);
  });
});
