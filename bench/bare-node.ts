/**
 * The ceiling `npm run bench` compares the server against: a bare `node:http` server answering the bytes
 * of `/api/bench/ping/` to every request, its headers included (`bare-node.ts PORT HEADERS_JSON`: the
 * constant route's headers as the bench read them; each answer gets a fresh request id, as the server's
 * do). Run in its own process so it shares no event loop with the bench or the server.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const body = Buffer.from(JSON.stringify({ pong: true }));
const port = Number(process.argv[2]);
const headers: Record<string, string> = JSON.parse(process.argv[3] ?? '{}');

createServer((_request, response) => {
  response.writeHead(200, {
    ...headers,
    ...('x-request-id' in headers ? { 'x-request-id': randomUUID() } : {}),
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(port, '127.0.0.1');
