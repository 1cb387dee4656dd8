// The EPC069-12 "GiroCode" payload (version 002): what a banking app reads from an invoice's QR code to fill
// in a SEPA credit transfer. Version 002 leaves the BIC optional inside the EEA; the structured reference (an
// ISO 11649 RF reference) replaces any free text, as the guideline requires when one is given.
import { centsToPrice } from '../../../common/money.ts';

interface EpcTransfer {
  /** The beneficiary's name, at most 70 characters. */
  name: string;
  iban: string;
  bic?: string | undefined;
  /** Euro cents, 1 to 99 999 999 999. */
  amountCents: number;
  /** The RF creditor reference, electronic form ("RF18NX7K3M9Q2P"). */
  reference: string;
}

/** The guideline's limits: the payload fits a QR code of version 13 at error correction M. */
const MAX_NAME = 70;
const MAX_REFERENCE = 35;
const MAX_BYTES = 331;

/** The IBAN's ISO 13616 check: its country and check digits moved to the end, letters as 10–35, mod 97 is 1. */
export function ibanChecks(iban: string): boolean {
  const compact = iban.replaceAll(' ', '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(compact)) return false;
  const digits = [...`${compact.slice(4)}${compact.slice(0, 4)}`]
    .map((character) => (/\d/.test(character) ? character : String(character.charCodeAt(0) - 55)))
    .join('');
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** A QR field as one line: the payload's fields are separated by line breaks, so none may hold one. */
const oneLine = (text: string) => text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ').trim();

/** The payload's lines joined by LF, without the empty trailing ones (unstructured text, information). */
export function epcPayload(transfer: EpcTransfer): string {
  const name = oneLine(transfer.name).slice(0, MAX_NAME);
  const iban = transfer.iban.replaceAll(' ', '').toUpperCase();
  const bic = oneLine(transfer.bic ?? '')
    .replaceAll(' ', '')
    .toUpperCase();
  const reference = oneLine(transfer.reference).replaceAll(' ', '').toUpperCase();
  if (!ibanChecks(iban)) throw new Error('not an IBAN, or its check digits are wrong');
  if (bic && !/^[A-Z]{6}[0-9A-Z]{2}(?:[0-9A-Z]{3})?$/.test(bic)) throw new Error('not a BIC');
  if (reference.length > MAX_REFERENCE) throw new Error('the reference is too long');
  if (
    !Number.isSafeInteger(transfer.amountCents) ||
    transfer.amountCents < 1 ||
    transfer.amountCents > 99_999_999_999
  )
    throw new Error('the amount is out of range');
  const lines = [
    'BCD',
    '002',
    // 1: UTF-8.
    '1',
    'SCT',
    bic,
    name,
    iban,
    `EUR${centsToPrice(transfer.amountCents)}`,
    // Purpose: none.
    '',
    reference,
  ];
  const payload = lines.join('\n');
  if (Buffer.byteLength(payload, 'utf8') > MAX_BYTES) throw new Error('the payload is too long');
  return payload;
}
