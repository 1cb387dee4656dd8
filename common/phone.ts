/** A phone number as people type it: digits, spaces, + ( ) . - — checked by the forms and the server alike. */
export const PHONE_MAX_LENGTH = 30;
export const PHONE_PATTERN = new RegExp(`^\\+?[\\d\\s().-]{3,${PHONE_MAX_LENGTH}}$`);
export const PHONE_RULE = 'Enter a phone number: digits, spaces and + ( ) - only.';
