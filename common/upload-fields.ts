/**
 * The multipart field that carries each kind of image, and what its messages call it: the handlers read
 * these fields, the pages send them and the API document names them.
 */
export const PROFILE_PHOTO_UPLOAD = { field: 'profile_image', noun: 'photo' } as const;
export const CARD_COVER_UPLOAD = { field: 'cover_image', noun: 'image' } as const;
/** A logo or signature for a printed card (`kind` says which). */
export const DESIGN_UPLOAD = { field: 'image', noun: 'picture' } as const;
