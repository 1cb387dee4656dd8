import querystring from 'node:querystring';

/**
 * What one connection may cost before the server hangs up on it. The HTTP parser answers headers over
 * 16 KB (Node's default `maxHeaderSize`) with a 431 before any of our code runs.
 */
export interface ServerLimits {
  /** A JSON body's bytes unless its route says more in `doc({ bodyLimit })`: most routes need a few KB. */
  bodyLimit: number;
  /** Headers must have arrived by then (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived by then: Fastify's default is never. */
  requestTimeoutMs: number;
  /** How often Node looks for connections past those two timeouts. */
  connectionsCheckingIntervalMs: number;
  /** An idle keep-alive connection is closed after this; longer than nginx's upstream `keepalive_timeout` (60 s). */
  keepAliveTimeoutMs: number;
  /** Query parameters read from a URL; the rest are ignored. */
  maxQueryParameters: number;
}

export const SERVER_LIMITS: ServerLimits = {
  bodyLimit: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  connectionsCheckingIntervalMs: 2_000,
  keepAliveTimeoutMs: 72_000,
  maxQueryParameters: 50,
};

/** Fastify's server options for those limits (the query parser goes in its router options). */
export function serverOptions(limits: ServerLimits) {
  return {
    bodyLimit: limits.bodyLimit,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    },
  };
}

/** Node's own query parser, reading at most `maxQueryParameters` names. */
export function boundedQueryParser(limits: ServerLimits) {
  return (query: string) => querystring.parse(query, '&', '=', { maxKeys: limits.maxQueryParameters });
}
