import { main } from './backup-command.ts';
import { runAsProcess } from './command-io.ts';

runAsProcess(main);
