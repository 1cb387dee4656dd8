import type { FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES } from '../../common/messages/requests.ts';
import { AppError } from '../errors.ts';

/**
 * The most any JSON body may hold, far above what any form sends (the largest, an order of 50 lines with
 * 50 printed cards, holds about 600 values, 7 keys to an object and 50 items to an array, 5 deep).
 */
const JSON_SHAPE_LIMITS = { depth: 12, keysPerObject: 100, itemsPerArray: 1000, values: 10_000 };

/**
 * Why a body's text is refused, or undefined: one pass over the characters before `JSON.parse`, stopping at
 * the first bound crossed. Parsing is not cheap for such bodies (an object of 75,000 keys took longer to
 * parse than to read here), so commas and brackets outside strings are counted instead: a member per comma,
 * a level per open bracket. Text that is not JSON may be miscounted, and is refused by the parser anyway.
 */
function shapeRefusal(text: string, limits = JSON_SHAPE_LIMITS): AppError | undefined {
  const tooMany = () => new AppError('payload_too_large', REQUEST_MESSAGES.tooManyValues);
  /** Per open container, from the outermost: its members so far, and whether it is an object. */
  const members: number[] = [0];
  const objects: boolean[] = [false];
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c) at++;
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limits.depth) return new AppError('bad_request', REQUEST_MESSAGES.tooDeep);
      if (++values > limits.values) return tooMany();
      members[depth] = 1;
      objects[depth] = char === 0x7b;
    } else if (char === 0x7d || char === 0x5d) {
      depth = Math.max(0, depth - 1);
    } else if (char === 0x2c) {
      const count = (members[depth] ?? 0) + 1;
      members[depth] = count;
      if (count > (objects[depth] ? limits.keysPerObject : limits.itemsPerArray)) return tooMany();
      if (++values > limits.values) return tooMany();
    }
  }
  return undefined;
}

/**
 * The shape bounds, then Fastify's own JSON parser with its defaults: an empty body, `__proto__` and
 * `constructor.prototype` are refused.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refusal = shapeRefusal(body as string);
    if (refusal) return done(refusal, undefined);
    parse(request, body as string, done);
  });
}
