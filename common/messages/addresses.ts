import { REQUIRED } from './forms.ts';

export const ADDRESS_MESSAGES = {
  countryUnknown: 'Choose a country from the list: this one was not recognised.',
  countryMismatch: 'The country and the country code name different countries: choose one from the list.',
  postalCodeRequired: REQUIRED,
  postalCodeAnywhere: 'Enter a postal code of 2–10 letters, digits, spaces or dashes.',
  postalCodeFor: (country: string, example: string) =>
    `Enter a postal code as it is written in ${country}, e.g. ${example}.`,
  noPostalCodes: (country: string) => `${country} has no postal codes: leave the postal code empty.`,
  /** At checkout, for an address saved before countries were chosen from a list and not recognised since. */
  chooseCountry: (typed: string) =>
    `Choose the country of this address from the list before ordering (“${typed}” was not recognised).`,
} as const;
