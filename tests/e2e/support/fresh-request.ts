import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  setCookie: string[];
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * A request on a connection of its own (no keep-alive agent), so a cluster hands it to the next worker and a
 * killed server fails only the requests that were on it: fetch would reuse one connection for all of them.
 */
export function fresh(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          setCookie: res.headers['set-cookie'] ?? [],
          text,
          json: <T>() => JSON.parse(text) as T,
        });
      });
    });
    req.on('error', reject);
    const timeout = init.timeoutMs ?? 5000;
    req.setTimeout(timeout, () => req.destroy(new Error(`no answer from ${url} within ${timeout} ms`)));
    if (init.body) req.write(init.body);
    req.end();
  });
}
