import { loadEnvFile } from '../config.ts';

/** What a command-line tool reads and writes: given by its entry file, or by a test that runs it in process. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  /** Standard output: what a tool's user pipes on (a CSV). */
  out(text: string): void;
  /** Standard error: what the tool says to its user. */
  err(text: string): void;
}

/** A tool's whole run: its arguments and streams in, its exit code out. */
export type CommandMain = (argv: string[], io: CommandIo) => Promise<number>;

/**
 * Runs a tool's `main` as its `npm run` entry: the environment with `.env` loaded, the process's own streams,
 * and `main`'s answer as the exit code (set, not forced: the output finishes writing first).
 */
export function runAsProcess(main: CommandMain): void {
  loadEnvFile();
  const io: CommandIo = {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
