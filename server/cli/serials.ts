import { runAsProcess } from './command-io.ts';
import { main } from './serials-command.ts';

runAsProcess(main);
