import { createNewFile } from '../new-file.ts';

export class BatchFileExistsError extends Error {}

/** Where a generated batch goes: standard output, or a file `--out` names. */
export interface BatchOutput {
  write(csv: string): Promise<void>;
  discard(): Promise<void>;
}

/**
 * The `--out` file, created before any serial is registered (a bad path fails while nothing has changed) and
 * never over an existing file: a batch already written to chips may have no other copy.
 */
export function createBatchFile(path: string): Promise<BatchOutput> {
  return createNewFile(
    path,
    (taken) => new BatchFileExistsError(`${taken} already exists: choose a new name for the batch file.`),
  );
}
