/**
 * The query a secure chip appends to its card link, `/c/{serial}?e={PICC data}&c={SDMMAC}`: the names NXP's
 * own example uses, one letter each so the NDEF message stays short. The serial stays in the path, so a
 * reader without the chip's help (or a card without a secure chip) still finds the card.
 */
export const SUN_PARAMS = { picc: 'e', mac: 'c' } as const;

/** Hex characters the chip mirrors: 16 bytes of encrypted PICC data and an 8-byte truncated MAC. */
export const SUN_PICC_HEX_LENGTH = 32;
export const SUN_MAC_HEX_LENGTH = 16;

interface SunQuery {
  picc: Buffer;
  mac: Buffer;
}

const PICC_PATTERN = new RegExp(`^[0-9A-Fa-f]{${SUN_PICC_HEX_LENGTH}}$`);
const MAC_PATTERN = new RegExp(`^[0-9A-Fa-f]{${SUN_MAC_HEX_LENGTH}}$`);

/**
 * The secure message in a tap's query: `absent` when the link carries none (a card without a secure chip, or
 * a link typed by hand), `malformed` when it carries one that is not the chip's shape.
 */
export function sunQueryOf(
  search: URLSearchParams,
): { kind: 'absent' } | { kind: 'malformed' } | { kind: 'message'; message: SunQuery } {
  const picc = search.get(SUN_PARAMS.picc);
  const mac = search.get(SUN_PARAMS.mac);
  if (picc === null && mac === null) return { kind: 'absent' };
  if (!picc || !mac || !PICC_PATTERN.test(picc) || !MAC_PATTERN.test(mac)) return { kind: 'malformed' };
  return { kind: 'message', message: { picc: Buffer.from(picc, 'hex'), mac: Buffer.from(mac, 'hex') } };
}

/** The link a secure chip is encoded with, its mirrored parts as zeros for the encoding station to place. */
export function sunUrlTemplate(publicUrl: string, serial: string): string {
  return `${publicUrl}/c/${serial}?${SUN_PARAMS.picc}=${'0'.repeat(SUN_PICC_HEX_LENGTH)}&${SUN_PARAMS.mac}=${'0'.repeat(SUN_MAC_HEX_LENGTH)}`;
}
