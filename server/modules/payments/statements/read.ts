import { readCamt053 } from './camt053.ts';
import { readCsvStatement } from './csv.ts';
import { CONTROL_CHARACTER, type ParsedStatement, STATEMENT_LIMITS, StatementError } from './lines.ts';

/** A statement file, camt.053 when it is XML and the CSV otherwise; a file that is neither is refused. */
export function readStatement(bytes: Buffer, name: string): ParsedStatement {
  if (bytes.length > STATEMENT_LIMITS.maxBytes)
    throw new StatementError(`The file is larger than ${STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB.`);
  if (bytes.length === 0) throw new StatementError('The file is empty.');
  if (CONTROL_CHARACTER.test(name))
    throw new StatementError(
      'The file’s name holds a control character; rename the file and upload it again.',
    );
  const start = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return start.startsWith('<') ? readCamt053(bytes) : readCsvStatement(bytes, name);
}
