// A local stand-in for the few calls of Stripe's API the shop makes (Checkout Sessions create, retrieve and
// expire, Refunds create), answered the way Stripe's API reference documents them: form-encoded requests with a Bearer secret
// key, JSON objects with `id` and `object`, and Stripe's error shape. It remembers what it was asked, so tests
// can check the calls' shape, and builds and signs the events Stripe would send to the webhook.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_standin0000000000';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin00000000000000';

type Params = { [key: string]: string | Params };

/** What the stand-in was asked: method, path, the form decoded into nested objects, and a few headers. */
export interface StandInRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
  created: number;
}

interface Failure {
  status: number;
  type: string;
  message: string;
  code?: string;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `line_items[0][price_data][currency]=usd` → `{ line_items: { 0: { price_data: { currency: 'usd' } } } }`. */
function decodeForm(body: string): Params {
  const params: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = name.split('[');
    const keys = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let at = params;
    for (const [index, key] of keys.entries()) {
      if (index === keys.length - 1) at[key] = value;
      else {
        const next = at[key];
        const inner: Params = typeof next === 'object' ? next : {};
        at[key] = inner;
        at = inner;
      }
    }
  }
  return params;
}

const text = (params: Params | string | undefined, ...path: string[]): string | undefined => {
  let at: Params | string | undefined = params;
  for (const key of path) at = typeof at === 'object' ? at[key] : undefined;
  return typeof at === 'string' ? at : undefined;
};
const record = (value: Params | string | undefined): Record<string, string> =>
  typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

export interface StripeStandIn {
  /** `STRIPE_API_URL` for the app: this server's address. */
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  refunds: Map<string, StandInRefund>;
  /** How the next card refunds are made: `succeeded` at once, as Stripe usually does, or `pending`. */
  refundStatus: 'succeeded' | 'pending';
  /** The next `count` calls (after `skip` answered as usual) answer this error (a 429, a 500) instead. */
  failNext(failure: Failure, count?: number, skip?: number): void;
  /** Calls refused with `idempotency_error`: a key used again for another call. */
  idempotencyErrors: StandInRequest[];
  /** The buyer paid on the hosted page: the session gets a PaymentIntent and is complete and paid. */
  complete(sessionId: string, options?: { paid?: boolean }): StandInSession;
  /** A refund ends at Stripe (a failed one gives its amount back to the PaymentIntent): the refund as now. */
  endRefund(refundId: string, status: 'succeeded' | 'failed'): StandInRefund;
  /** What Stripe would send to the webhook: an Event around the object, and its Stripe-Signature header. */
  event(type: string, object: unknown, options?: { created?: number; id?: string }): Stripe.Event;
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  close(): Promise<void>;
}

function fail(response: ServerResponse, failure: Failure): void {
  response.writeHead(failure.status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(
    JSON.stringify({ error: { type: failure.type, message: failure.message, code: failure.code } }),
  );
}

export async function startStripeStandIn(secretKey = STAND_IN_SECRET_KEY): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  /** PaymentIntents the stand-in made, with what was paid and refunded. */
  const intents = new Map<string, { amount: number; currency: string; refunded: number }>();
  const failures: (Failure | undefined)[] = [];
  const idempotencyErrors: StandInRequest[] = [];
  /** Answers by idempotency key, with the call they answered. */
  const replays = new Map<string, { call: string; body: string }>();
  const state = { refundStatus: 'succeeded' as 'succeeded' | 'pending' };
  let base = '';

  function createSession(params: Params): StandInSession | Failure {
    const amount = Number(text(params, 'line_items', '0', 'price_data', 'unit_amount'));
    const quantity = Number(text(params, 'line_items', '0', 'quantity') ?? '1');
    const currency = text(params, 'line_items', '0', 'price_data', 'currency');
    const successUrl = text(params, 'success_url');
    const cancelUrl = text(params, 'cancel_url');
    const missing = (param: string): Failure => ({
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
    });
    if (text(params, 'mode') !== 'payment') return missing('mode');
    if (!Number.isInteger(amount) || amount < 1) return missing('line_items[0][price_data][unit_amount]');
    if (!currency) return missing('line_items[0][price_data][currency]');
    if (!text(params, 'line_items', '0', 'price_data', 'product_data', 'name'))
      return missing('line_items[0][price_data][product_data][name]');
    if (!successUrl) return missing('success_url');
    if (!cancelUrl) return missing('cancel_url');
    const id = newId('cs');
    const expiresAt = Number(text(params, 'expires_at') ?? now() + 24 * 3600);
    // Stripe: between 30 minutes and 24 hours from now.
    if (!Number.isInteger(expiresAt) || expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600 + 5)
      return {
        status: 400,
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      };
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      url: `${base}/c/pay/${id}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: amount * quantity,
      currency,
      client_reference_id: text(params, 'client_reference_id') ?? null,
      metadata: record(params.metadata),
      success_url: successUrl,
      cancel_url: cancelUrl,
      created: now(),
      expires_at: expiresAt,
    };
    sessions.set(id, session);
    return session;
  }

  function createRefund(params: Params): StandInRefund | Failure {
    const intentId = text(params, 'payment_intent') ?? '';
    const intent = intents.get(intentId);
    if (!intent)
      return {
        status: 404,
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
      };
    const left = intent.amount - intent.refunded;
    const amount = text(params, 'amount') === undefined ? left : Number(text(params, 'amount'));
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      return {
        status: 400,
        type: 'invalid_request_error',
        code: left === 0 ? 'charge_already_refunded' : 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      };
    intent.refunded += amount;
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      // Card refunds are usually `succeeded` at once, but may be `pending`; the webhook says how they end.
      status: state.refundStatus,
      metadata: record(params.metadata),
      created: now(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** Retrieve a session, or expire an open one (Stripe refuses to expire one that is not open). */
  function sessionCall(id: string, expire: boolean): StandInSession | Failure {
    const session = sessions.get(id);
    if (!session)
      return {
        status: 404,
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such checkout.session: '${id}'`,
      };
    if (!expire) return session;
    if (session.status !== 'open')
      return {
        status: 400,
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      };
    const expired: StandInSession = { ...session, status: 'expired' };
    sessions.set(id, expired);
    return expired;
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', base);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (header('authorization') !== `Bearer ${secretKey}`) {
      fail(response, {
        status: 401,
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: sk_test_****',
      });
      return;
    }
    const params = decodeForm(Buffer.concat(chunks).toString('utf8'));
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      params,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
    });
    const failure = failures.shift();
    if (failure) {
      fail(response, failure);
      return;
    }
    // Stripe answers a key it has seen with the first answer again, doing nothing twice.
    const key = header('idempotency-key');
    const seen = key === undefined ? undefined : replays.get(key);
    // …and refuses the key used again for another call (other parameters): Stripe's `idempotency_error`.
    const call = `${request.method} ${url.pathname} ${JSON.stringify(params)}`;
    if (seen && seen.call !== call) {
      const refused = requests.at(-1);
      if (refused) idempotencyErrors.push(refused);
      fail(response, {
        status: 400,
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
      return;
    }
    if (seen) {
      response.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      response.end(seen.body);
      return;
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    const result =
      request.method === 'POST' && url.pathname === '/v1/checkout/sessions'
        ? createSession(params)
        : request.method === 'POST' && url.pathname === '/v1/refunds'
          ? createRefund(params)
          : sessionPath && (request.method === 'GET' || (request.method === 'POST' && sessionPath[2]))
            ? sessionCall(decodeURIComponent(sessionPath[1] ?? ''), Boolean(sessionPath[2]))
            : {
                status: 404,
                type: 'invalid_request_error',
                message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
              };
    if ('status' in result && typeof result.status === 'number' && !('object' in result)) {
      fail(response, result as Failure);
      return;
    }
    const body = JSON.stringify(result);
    if (key !== undefined) replays.set(key, { call, body });
    response.writeHead(200, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessions,
    refunds,
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(status) {
      state.refundStatus = status;
    },
    idempotencyErrors,
    failNext(failure, count = 1, skip = 0) {
      for (let i = 0; i < skip; i++) failures.push(undefined);
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    complete(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open')
        throw new Error(`session ${sessionId} is ${session.status}: it cannot be paid`);
      const paymentIntent = session.payment_intent ?? newId('pi');
      intents.set(paymentIntent, { amount: session.amount_total, currency: session.currency, refunded: 0 });
      const completed: StandInSession = {
        ...session,
        status: 'complete',
        payment_status: options.paid === false ? 'unpaid' : 'paid',
        payment_intent: paymentIntent,
      };
      sessions.set(sessionId, completed);
      return completed;
    },
    endRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      const intent = intents.get(refund.payment_intent);
      if (status === 'failed' && refund.status !== 'failed' && intent) intent.refunded -= refund.amount;
      const ended: StandInRefund = { ...refund, status };
      refunds.set(refundId, ended);
      return ended;
    },
    event(type, object, options = {}) {
      return {
        id: options.id ?? newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.created ?? now(),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      } as unknown as Stripe.Event;
    },
    sign(payload, options = {}) {
      return Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
