import { formatSerial } from '../../../../common/serial-format.ts';
import { SUN_MAC_HEX_LENGTH, SUN_PARAMS, SUN_PICC_HEX_LENGTH, sunUrlTemplate } from './sun-url.ts';

/** The NDEF file of an NTAG 424 DNA: file number 02, 256 bytes (NT4H2421Gx §8.2.2). */
const NDEF_FILE_NUMBER = 0x02;
const NDEF_FILE_SIZE = 256;

/**
 * NFC Forum URI record prefixes (URI RTD, "URI identifier code"), longest first so the longest match wins:
 * the chip stores the code instead of the prefix, which keeps the message short.
 */
const URI_PREFIXES: Array<[string, number]> = [
  ['https://www.', 0x02],
  ['http://www.', 0x01],
  ['https://', 0x04],
  ['http://', 0x03],
];

/**
 * The settings written with ChangeFileSettings (NT4H2421Gx §10.7.1, AN12196 §4): SDM on, plain
 * communication; the NDEF file read by anyone (E), written and re-configured only with key 0; the UID and
 * SDMReadCtr mirrored inside the encrypted PICC data (meta-read key 1), in ASCII; the SDMMAC under the
 * file-read key 2 over no file data; the counter not retrievable on its own (F).
 */
const SDM_SETTINGS = {
  /** Bit 6: SDM and mirroring enabled; bits 1–0: CommMode.Plain. */
  fileOption: 0x40,
  /** Read = E (free), Write = 0, ReadWrite = 0, Change = 0, sent as `RW|Change, Read|Write`. */
  accessRights: Buffer.from([0x00, 0xe0]),
  /** Bit 7 UID mirrored, bit 6 SDMReadCtr mirrored, bit 0 ASCII encoding (no counter limit, no ENC file data). */
  sdmOptions: 0xc1,
  /** SDMCtrRet = F (no access), RFU = F, SDMMetaRead = 1, SDMFileRead = 2, sent as `RFU|CtrRet, Meta|File`. */
  sdmAccessRights: Buffer.from([0xff, 0x12]),
} as const;

interface SdmOffsets {
  /** Where the 32 hex characters of encrypted PICC data go (the `e` parameter's value). */
  piccDataOffset: number;
  /** Where the MAC'd file data starts: here equal to the MAC offset, so no file data is MAC'd. */
  sdmMacInputOffset: number;
  /** Where the 16 hex characters of the SDMMAC go (the `c` parameter's value). */
  sdmMacOffset: number;
}

interface NdefFile {
  /** The whole file: NLEN (2 bytes, big-endian), then one NDEF URI record. */
  bytes: Buffer;
  /** The file offset of each character of the URL: its prefix is stored as a code, the rest as ASCII. */
  offsetOf(urlIndex: number): number;
}

/**
 * The NDEF file a chip is written with for this URL (NFC Forum Type 4 Tag: NLEN then the message). One
 * well-known URI record (TNF 1, type "U"), short-record form when the payload fits in 255 bytes.
 */
export function ndefFileFor(url: string): NdefFile {
  if (!/^[\x21-\x7e]+$/.test(url)) throw new Error('The card link must be printable ASCII.');
  const [prefix, code] = URI_PREFIXES.find(([start]) => url.startsWith(start)) ?? ['', 0x00];
  const rest = Buffer.from(url.slice(prefix.length), 'ascii');
  const payload = Buffer.concat([Buffer.of(code), rest]);
  const short = payload.length <= 0xff;
  const length = short ? Buffer.of(payload.length) : Buffer.alloc(4);
  if (!short) length.writeUInt32BE(payload.length);
  // MB | ME | (SR) | TNF well-known; type length 1; payload length; type "U".
  const header = Buffer.concat([Buffer.of(short ? 0xd1 : 0xc1, 0x01), length, Buffer.from('U', 'ascii')]);
  const message = Buffer.concat([header, payload]);
  const nlen = Buffer.alloc(2);
  nlen.writeUInt16BE(message.length);
  const bytes = Buffer.concat([nlen, message]);
  if (bytes.length > NDEF_FILE_SIZE) {
    throw new Error(`The card link is ${bytes.length} bytes in the NDEF file; it holds ${NDEF_FILE_SIZE}.`);
  }
  const restOffset = nlen.length + header.length + 1;
  return {
    bytes,
    offsetOf(urlIndex) {
      if (urlIndex < prefix.length) throw new Error('That part of the link is stored as its prefix code.');
      return restOffset + urlIndex - prefix.length;
    },
  };
}

/** The SDM offsets in the NDEF file for this URL template, computed from where its placeholders fall. */
export function sdmOffsetsFor(template: string): SdmOffsets {
  const file = ndefFileFor(template);
  const query = template.indexOf('?');
  const valueAt = (name: string, length: number) => {
    const marker = `${name}=${'0'.repeat(length)}`;
    const index = template.indexOf(marker, query);
    if (query < 0 || index < 0) throw new Error(`The link template has no ${name} placeholder.`);
    return file.offsetOf(index + name.length + 1);
  };
  const sdmMacOffset = valueAt(SUN_PARAMS.mac, SUN_MAC_HEX_LENGTH);
  return {
    piccDataOffset: valueAt(SUN_PARAMS.picc, SUN_PICC_HEX_LENGTH),
    sdmMacInputOffset: sdmMacOffset,
    sdmMacOffset,
  };
}

function offsetBytes(offset: number): Buffer {
  const bytes = Buffer.alloc(3);
  bytes.writeUIntLE(offset, 0, 3);
  return bytes;
}

/**
 * ChangeFileSettings' command data for the NDEF file (after the file number, before encryption):
 * FileOption, AccessRights, SDMOptions, SDMAccessRights, PICCDataOffset, SDMMACInputOffset, SDMMACOffset.
 * No UIDOffset or SDMReadCtrOffset (those are for plain mirroring, SDMMetaRead = E), no SDMENC fields.
 */
export function changeFileSettingsData(offsets: SdmOffsets): Buffer {
  return Buffer.concat([
    Buffer.of(SDM_SETTINGS.fileOption),
    SDM_SETTINGS.accessRights,
    Buffer.of(SDM_SETTINGS.sdmOptions),
    SDM_SETTINGS.sdmAccessRights,
    offsetBytes(offsets.piccDataOffset),
    offsetBytes(offsets.sdmMacInputOffset),
    offsetBytes(offsets.sdmMacOffset),
  ]);
}

interface SecureBatchRow {
  serial: string;
  sku: string;
  chipUid: string | null;
  sunKeyVersion: number;
}

const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();

const SECURE_BATCH_COLUMNS = [
  'serial',
  'display',
  'sku',
  'tap_url_template',
  'chip_uid',
  'key_version',
  'file_no',
  'file_option',
  'access_rights',
  'sdm_options',
  'sdm_access_rights',
  'picc_data_offset',
  'sdm_mac_input_offset',
  'sdm_mac_offset',
  'change_file_settings_data',
  'ndef_file_data',
];

/**
 * The encoding station's CSV for secure cards: per card, the link template, the chip UID once bound, the
 * key version and the SDM settings with the offsets for that card's NDEF file. No key material: the keys
 * are in a separate file only the command line writes.
 */
export function secureBatchCsv(rows: SecureBatchRow[], publicUrl: string): string {
  const lines = rows.map((row) => {
    const template = sunUrlTemplate(publicUrl, row.serial);
    const offsets = sdmOffsetsFor(template);
    return [
      row.serial,
      formatSerial(row.serial),
      row.sku,
      template,
      row.chipUid ?? '',
      row.sunKeyVersion,
      hex(Buffer.of(NDEF_FILE_NUMBER)),
      hex(Buffer.of(SDM_SETTINGS.fileOption)),
      hex(SDM_SETTINGS.accessRights),
      hex(Buffer.of(SDM_SETTINGS.sdmOptions)),
      hex(SDM_SETTINGS.sdmAccessRights),
      offsets.piccDataOffset,
      offsets.sdmMacInputOffset,
      offsets.sdmMacOffset,
      hex(changeFileSettingsData(offsets)),
      hex(ndefFileFor(template).bytes),
    ].join(',');
  });
  return `${SECURE_BATCH_COLUMNS.join(',')}\n${lines.join('\n')}\n`;
}
