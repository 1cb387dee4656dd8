/**
 * The ceiling `npm run bench` compares the server against: a bare `node:http` server answering the bytes
 * of `/api/bench/ping/` to every request. Run in its own process (`bare-node.ts PORT`) so it shares no
 * event loop with the bench or the server.
 */
import { createServer } from 'node:http';

const body = Buffer.from(JSON.stringify({ pong: true }));
const port = Number(process.argv[2]);

createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(port, '127.0.0.1');
