/** Said of any form field left empty that must not be. */
export const REQUIRED = 'This field is required.';
