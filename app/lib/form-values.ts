import type { FormEvent } from 'react';

/** The text fields of a submitted form, by name (files are left out). */
export function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(event.currentTarget).entries()]
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, value]) => [key, value]),
  );
}
