import type { CommandIo, CommandMain } from '../cli/command-io.ts';

/**
 * A command-line tool's `main` run in this process: its exit code and what it wrote to each stream, as a
 * spawned run would give them (each tool's test still spawns its entry once).
 */
export async function runCommand(main: CommandMain, argv: string[], env: CommandIo['env']) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    env,
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}
