import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './report.ts';

export interface RequestSpec {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenLoopResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  serverErrors: number;
}

function send(base: string, agent: http.Agent, spec: RequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${spec.path}`,
      { method: spec.method, headers: spec.headers, agent, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(spec.body);
  });
}

/**
 * An open-loop load: requests arrive at `rate` per second whatever the answers do (exponential gaps, as
 * independent visitors arrive), over at most `connections` keep-alive connections. Each latency is measured
 * from the moment the request was due, so time spent waiting for a free connection counts: a slow server
 * cannot hide its queue by slowing the load down. (autocannon's rate limit sends each second's share at once
 * at the start of the second, which measures its own bursts.)
 */
export async function runOpenLoop(options: {
  base: string;
  connections: number;
  rate: number;
  seconds: number;
  next(): RequestSpec;
}): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const result = { ok: 0, non2xx: 0, errors: 0, serverErrors: 0 };
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let due = start;
  while (due < end) {
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    const scheduled = due;
    const request: Promise<void> = send(options.base, agent, options.next()).then(
      (status) => {
        latencies.push(performance.now() - scheduled);
        if (status >= 200 && status < 300) result.ok++;
        else result.non2xx++;
        if (status >= 500) result.serverErrors++;
      },
      () => {
        result.errors++;
      },
    );
    pending.add(request);
    void request.finally(() => pending.delete(request));
    due += (-Math.log(1 - Math.random()) * 1000) / options.rate;
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    ...result,
    requests: latencies.length + result.errors,
    rps: (latencies.length + result.errors) / options.seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}
