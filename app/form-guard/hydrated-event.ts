/** Dispatched on `document` by the root layout once React has hydrated the page and run its effects. */
export const HYDRATED_EVENT = 'app:hydrated';
