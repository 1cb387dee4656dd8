import { PASSWORD_LENGTH } from '../limits.ts';

export const ACCOUNT_MESSAGES = {
  registered: 'Check your email to activate your account.',
  activated: 'Account activated! You can now log in.',
  invalidActivation: 'Invalid or expired activation link.',
  invalidLogin: 'Invalid credentials or unverified account',
  loginOk: 'Login successful',
  loggedOut: 'Logged out successfully',
  forgotSent: 'If account exists, a reset link has been sent.',
  resetOk: 'Password reset successfully',
  invalidReset: 'Reset link is invalid or expired',
  notSignedIn: 'Authentication credentials were not provided.',
  accountLocked:
    'Too many failed sign-ins to this account. If it is yours, open the unlock link we e-mailed you, or try again later.',
  unlocked: 'Sign-in is unlocked on this device. Log in with your password.',
  invalidUnlock: 'This unlock link is invalid, expired or already used.',
} as const;

export const EMAIL_CHANGE_MESSAGES = {
  confirmed: 'Your new e-mail is confirmed.',
  invalidConfirm: 'Invalid or expired confirmation link.',
  taken: 'This e-mail is already in use.',
  cancelled: 'The e-mail change is cancelled.',
  secured:
    'Your account is secured: every session has ended and the old password no longer works. Check your e-mail for a link to choose a new one.',
  invalidSecure: 'Invalid or expired link.',
} as const;

/** An admin's page or action for a user id that names no account. */
export const ADMIN_USER_NOT_FOUND = 'User not found.';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_LENGTH.min} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_LENGTH.max} characters.`;
