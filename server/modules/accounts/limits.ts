/** How often an address or a client may try what an attacker would repeat (each a count in a window). */
export const LIMITS = {
  /** Failed logins per account and address (decisions: 5 in 15 minutes). */
  login: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Failed logins per client over all accounts: one address spraying a password (decision 016). */
  loginClient: { max: 30, windowMs: 15 * 60 * 1000 },
  /** Failed logins per account from every address but the owner's trusted browsers (decision 016). */
  loginAccount: { max: 20, windowMs: 60 * 60 * 1000 },
  register: { max: 10, windowMs: 60 * 60 * 1000 },
  forgotPassword: { max: 5, windowMs: 15 * 60 * 1000 },
};
