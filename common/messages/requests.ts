/** Said when a request is refused for its size or shape, before its fields are read. */
export const REQUEST_MESSAGES = {
  tooLarge: 'The request body is too large.',
  tooDeep: 'The JSON body is nested too deeply.',
  tooManyValues: 'The JSON body has too many fields or items.',
  /** The last entry of a list of field errors cut short. */
  moreProblems: (count: number) =>
    `${count.toLocaleString('en')} more problem${count === 1 ? '' : 's'} not listed.`,
  moreUnknown: (count: number) => `and ${count.toLocaleString('en')} more`,
} as const;
