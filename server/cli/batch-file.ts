import { open, unlink } from 'node:fs/promises';

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
export async function createBatchFile(path: string): Promise<BatchOutput> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BatchFileExistsError(`${path} already exists: choose a new name for the batch file.`);
    }
    throw error;
  }
  return {
    async write(csv) {
      try {
        await file.writeFile(csv, 'utf8');
      } finally {
        await file.close();
      }
    },
    async discard() {
      await file.close();
      await unlink(path);
    },
  };
}
