import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { ndefFileFor, sdmOffsetsFor } from '../../../server/modules/registry/sun/provisioning.ts';
import { type SimulatedChip, sunMessage } from '../../../server/test/sun-simulator.ts';

type Row = Record<string, string>;

/** A chip encoded from one key file row: the keys as written, not derived again (a re-key file's new ones). */
export function chipFromKeyRow(row: Row, uid: string): SimulatedChip {
  const key = (name: string) => Buffer.from(row[name] as string, 'hex');
  return {
    serial: row.serial as string,
    uid,
    keys: {
      appMaster: key('key0_app_master'),
      sdmMetaRead: key('key1_sdm_meta_read'),
      sdmFileRead: key('key2_sdm_file_read'),
      spare3: key('key3'),
      spare4: key('key4'),
    },
  };
}

/**
 * What a phone reads from a chip encoded with the batch CSV's settings: the NDEF file of the link template
 * with the chip's mirror (encrypted PICC data, SDMMAC) written at the station's offsets, read back as a URL.
 */
export function tapUrlFromChip(template: string, chip: SimulatedChip, counter: number): string {
  const { picc, mac } = sunMessage(chip, counter);
  const { bytes } = ndefFileFor(template);
  const offsets = sdmOffsetsFor(template);
  bytes.write(picc, offsets.piccDataOffset, 'ascii');
  bytes.write(mac, offsets.sdmMacOffset, 'ascii');
  const prefixes: Record<number, string> = {
    1: 'http://www.',
    2: 'https://www.',
    3: 'http://',
    4: 'https://',
  };
  return (prefixes[bytes[6] as number] ?? '') + bytes.subarray(7).toString('ascii');
}

/** `node --import tsx tests/e2e/support/sun-tap-url.ts batch.csv keys.csv SERIAL [COUNTER] [UID]` */
function main(): void {
  const [batchFile, keyFile, serial, counter = '1', uid = '04A1B2C3D4E5F6'] = process.argv.slice(2);
  if (!batchFile || !keyFile || !serial) {
    console.error(
      'Usage: node --import tsx tests/e2e/support/sun-tap-url.ts batch.csv keys.csv SERIAL [COUNTER] [UID]',
    );
    process.exit(2);
  }
  const rowOf = (file: string): Row | undefined =>
    (parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Row[]).find(
      (row) => row.serial === serial,
    );
  const card = rowOf(batchFile);
  const keys = rowOf(keyFile);
  if (!card?.tap_url_template || !keys) {
    console.error(`${serial} is not in both ${batchFile} (a secure batch CSV) and ${keyFile}.`);
    process.exit(1);
  }
  console.log(
    tapUrlFromChip(card.tap_url_template, chipFromKeyRow(keys, uid.toUpperCase()), Number(counter)),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
