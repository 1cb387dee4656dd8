import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface BestCompression {
  br: Buffer;
  gzip: Buffer;
}

/**
 * A kept answer at the best settings, Brotli and gzip. Run in the heavy-work pool (the `bestCompression`
 * task): best-quality Brotli of one page costs tens of ms of CPU, and every order that moves stock has the
 * shop's pages drawn and compressed again, which at the request thread's priority took CPU from requests.
 */
export async function bestCompression(identity: Uint8Array): Promise<BestCompression> {
  const bytes = Buffer.from(identity.buffer, identity.byteOffset, identity.byteLength);
  // A window no larger than the body: at the best quality the encoder's memory grows with it (resident memory).
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes.length))),
    ),
  };
  const [br, zipped] = await Promise.all([
    brotli(bytes, { params }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: zipped };
}
