import { describe, expect, it } from 'vitest';
import { type CardPerson, contactCardOf } from './contact-card.ts';

const person: CardPerson = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines',
  job_title: 'Engineer',
  bio: 'Notes on the engine.',
  location: 'https://maps.example.test/ada',
  profile_image: null,
  facebook: '',
  instagram: '',
  twitter: '',
  youtube: '',
  github: 'https://github.com/ada',
  linkedin: '',
};

describe('contactCardOf', () => {
  it('maps every profile field the card shows', () => {
    expect(contactCardOf(person)).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      company: 'Analytical Engines',
      jobTitle: 'Engineer',
      bio: 'Notes on the engine.',
      location: 'https://maps.example.test/ada',
      socials: { github: 'https://github.com/ada', facebook: '' },
    });
  });

  it('leaves the e-mail out when the owner hides it', () => {
    expect(contactCardOf({ ...person, show_email: false }).email).toBeUndefined();
    expect(contactCardOf({ ...person, show_email: true }).email).toBe('ada@example.test');
  });

  it('carries the address and the photo it is given', () => {
    const address = {
      address: '1 Engine St',
      city: 'London',
      state: '',
      postal_code: 'N1 1AA',
      country: 'UK',
    };
    expect(contactCardOf(person, address, 'BASE64')).toMatchObject({ address, photoJpegBase64: 'BASE64' });
  });
});
