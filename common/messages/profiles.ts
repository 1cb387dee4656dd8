export const USER_NOT_FOUND = 'User not found';
