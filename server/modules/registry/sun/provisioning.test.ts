import { describe, expect, it } from 'vitest';
import { changeFileSettingsData, ndefFileFor, sdmOffsetsFor, secureBatchCsv } from './provisioning.ts';
import { sunUrlTemplate } from './sun-url.ts';

const SERIAL = 'ABCDEFGHJKMN';

/** The URL a phone reads back from the file: the identifier code expanded again (NFC Forum URI RTD). */
function urlOfFile(bytes: Buffer): string {
  const prefixes: Record<number, string> = {
    1: 'http://www.',
    2: 'https://www.',
    3: 'http://',
    4: 'https://',
  };
  expect(bytes.readUInt16BE(0)).toBe(bytes.length - 2);
  expect(bytes[2]).toBe(0xd1); // MB, ME, SR, TNF well-known
  expect(bytes[3]).toBe(1); // type length
  expect(bytes[4]).toBe(bytes.length - 7 + 1); // payload: code + the rest
  expect(bytes[5]).toBe(0x55); // "U"
  return (prefixes[bytes[6] as number] ?? '') + bytes.subarray(7).toString('ascii');
}

describe('secure card provisioning: NDEF file and SDM settings', () => {
  for (const base of ['https://nexa.example', 'http://localhost:3000', 'https://www.nexa.example']) {
    it(`puts the PICC data and MAC placeholders exactly at the offsets (${base})`, () => {
      const template = sunUrlTemplate(base, SERIAL);
      const { bytes } = ndefFileFor(template);
      expect(urlOfFile(bytes)).toBe(template);
      const offsets = sdmOffsetsFor(template);
      const at = (offset: number, length: number) =>
        bytes.subarray(offset, offset + length).toString('ascii');
      expect(at(offsets.piccDataOffset - 3, 3)).toBe('?e=');
      expect(at(offsets.piccDataOffset, 32)).toBe('0'.repeat(32));
      expect(at(offsets.sdmMacOffset - 3, 3)).toBe('&c=');
      expect(at(offsets.sdmMacOffset, 16)).toBe('0'.repeat(16));
      expect(offsets.sdmMacOffset + 16).toBe(bytes.length); // the MAC ends the message
      expect(offsets.sdmMacInputOffset).toBe(offsets.sdmMacOffset); // no file data MACed
    });
  }

  it('computes the offsets by hand for one URL, and the ChangeFileSettings data byte for byte', () => {
    const template = sunUrlTemplate('https://nexa.example', SERIAL);
    // NLEN (2) + D1 01 PL 55 (4) + 04 (1) = 7; then "nexa.example/c/ABCDEFGHJKMN?e=" (30 characters).
    const offsets = sdmOffsetsFor(template);
    expect(offsets).toEqual({ piccDataOffset: 37, sdmMacInputOffset: 72, sdmMacOffset: 72 });
    expect(changeFileSettingsData(offsets).toString('hex').toUpperCase()).toBe(
      '40' + '00E0' + 'C1' + 'FF12' + '250000' + '480000' + '480000',
    );
  });

  it('refuses a link too long for the 256-byte NDEF file', () => {
    expect(() => ndefFileFor(`https://${'x'.repeat(300)}`)).toThrow(/holds 256/);
  });

  it('lists the station settings per card without any key material', () => {
    const csv = secureBatchCsv(
      [{ serial: SERIAL, sku: 'IC-CLS-MB', chipUid: null, sunKeyVersion: 2 }],
      'https://nexa.example',
    );
    const [header, row] = csv.trim().split('\n');
    expect(header).toBe(
      'serial,display,sku,tap_url_template,chip_uid,key_version,file_no,file_option,access_rights,sdm_options,sdm_access_rights,picc_data_offset,sdm_mac_input_offset,sdm_mac_offset,change_file_settings_data,ndef_file_data',
    );
    expect(row?.split(',').slice(0, 14)).toEqual([
      SERIAL,
      'ABCD-EFGH-JKMN',
      'IC-CLS-MB',
      sunUrlTemplate('https://nexa.example', SERIAL),
      '',
      '2',
      '02',
      '40',
      '00E0',
      'C1',
      'FF12',
      '37',
      '72',
      '72',
    ]);
  });
});
