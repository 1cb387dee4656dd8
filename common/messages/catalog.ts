export const CARD_NOT_FOUND = 'Card not found.';
