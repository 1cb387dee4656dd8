/** A Team Pack's cards as the firm ships them and each member claims their own. */
export const TEAM_CLAIM_MESSAGES = {
  serialsNeeded:
    'Enter the serial number printed on each team member’s card before marking the order as shipped.',
  serialsOnlyWhenShipping: 'Serial numbers are recorded only when an order is marked as shipped.',
  designTwice: 'Enter one serial number for this card, not several.',
  notMemberCard: 'This is not one of this order’s team member cards.',
  serialFormat:
    'This is not a serial number: type the 12 characters printed on the card packed for this team member.',
  serialTwice: 'Each team member’s card has its own serial number: this one is entered twice.',
  serialWrongProduct: 'This serial number belongs to another product than the one ordered.',
  serialUnavailable: 'This card is already claimed, blocked or locked as lost: use another one.',
  serialGiven: 'This serial number is already given to another team member.',
  invalid: 'This card link is invalid or has already been used.',
  wrongAccount:
    'This card was sent to another e-mail address. Sign in with the address it was sent to, then claim it.',
  taken: 'This card has been claimed by another account. Contact us if that is not right.',
  notOpen: 'This card has no open link to send: it is not shipped yet, or its team member has claimed it.',
  reserved:
    'This card was printed for a team member and is waiting for them: they claim it from the e-mail we sent them.',
} as const;
