import { open, unlink } from 'node:fs/promises';

/** A file made new for one write: filled and closed, or closed and removed when nothing came to fill it. */
export interface NewFile {
  /** Writes the text and closes the file. */
  write(text: string): Promise<void>;
  /** Closes and removes the (still empty) file. */
  discard(): Promise<void>;
}

/**
 * Creates `path`, never over an existing file (O_EXCL, which also does not follow a symlink planted there):
 * what a tool writes may be the only copy someone still needs. `exists` is the error for a taken path; `mode`
 * is stated with chmod, whatever the umask (which can only narrow it).
 */
export async function createNewFile(
  path: string,
  exists: (path: string) => Error,
  mode?: number,
): Promise<NewFile> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'wx', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw exists(path);
    throw error;
  }
  if (mode !== undefined) await file.chmod(mode);
  return {
    async write(text) {
      try {
        await file.writeFile(text, 'utf8');
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
