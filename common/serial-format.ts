/**
 * A serial as printed on the card and read back to people: "ABCDEFGHJKMN" → "ABCD-EFGH-JKMN" (the server's
 * answers, the verify page, the insights' "Tap of card …").
 */
export function formatSerial(serial: string): string {
  return serial.replace(/(.{4})(?=.)/g, '$1-');
}
