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

/** The payload's lines joined by LF, without the empty trailing ones (unstructured text, information). */
export function epcPayload(transfer: EpcTransfer): string {
  const name = transfer.name.trim().slice(0, MAX_NAME);
  const iban = transfer.iban.replaceAll(' ', '').toUpperCase();
  const bic = (transfer.bic ?? '').replaceAll(' ', '').toUpperCase();
  const reference = transfer.reference.replaceAll(' ', '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(iban)) throw new Error('not an IBAN');
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
