/** What a tap on a card its owner locked as lost shows. */
export const CARD_REPORTED_LOST = 'This card was reported lost';

/** The owner's hold over a claimed card: lock as lost, transfer by e-mail, release. */
export const CARD_LIFE_MESSAGES = {
  lostNoClaim: 'This card was reported lost and cannot be claimed.',
  releaseLost:
    'This card is locked as lost. Unlock it before you release it, so whoever finds it cannot claim it.',
  releaseWarning:
    'Anyone holding this card can then claim it as theirs. If the card is lost, lock it instead.',
  transferToSelf: 'Enter the e-mail address of the person you are giving the card to, not your own.',
  transferBlocked: 'This card has been blocked and cannot be transferred.',
  transferInvalid: 'This transfer link is invalid or has expired.',
  transferWrongAccount:
    'This offer was sent to another e-mail address. Sign in with the address it was sent to, then accept it.',
} as const;
