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
  links: [
    { id: 1, title: 'GitHub', url: 'https://github.com/ada', icon: 'github' },
    { id: 2, title: 'Notes', url: 'https://notes.example.test/', icon: null },
  ],
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
      links: [{ url: 'https://github.com/ada', type: 'github' }, { url: 'https://notes.example.test/' }],
    });
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
