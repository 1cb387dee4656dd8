import pino from 'pino';

/**
 * Standard output written asynchronously: a log line is queued and written by the event loop, in
 * batches under load, instead of one blocking `write` per request (about a tenth of a small answer's
 * CPU). What is queued is written on any exit, an uncaught error's included; only `kill -9` (or the
 * kernel's OOM killer) loses it: the lines of the last write still in flight, a few milliseconds' worth.
 * Decision 028.
 */
export function asyncStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
