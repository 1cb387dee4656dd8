import { createCipheriv } from 'node:crypto';

const BLOCK = 16;
/** The constant of RFC 4493's subkey step for a 128-bit block. */
const RB = 0x87;

/** One AES-128 block encryption (ECB of a single block: the building block of CMAC and the key steps). */
function aesEncryptBlock(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

function shiftLeft(input: Buffer): Buffer {
  const output = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i++) {
    output[i] = ((input[i] ?? 0) << 1) | ((input[i + 1] ?? 0) >> 7);
  }
  if ((input[0] ?? 0) & 0x80) output[BLOCK - 1] = (output[BLOCK - 1] ?? 0) ^ RB;
  return output;
}

/**
 * AES-CMAC (RFC 4493, NIST SP 800-38B) with AES-128. Node's crypto has AES but no CMAC, and the few npm
 * packages for it are unmaintained; this is the RFC's algorithm over `node:crypto`, checked against the
 * RFC's own test vectors (decision 022).
 */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const k1 = shiftLeft(aesEncryptBlock(key, Buffer.alloc(BLOCK)));
  const k2 = shiftLeft(k1);
  const blocks = Math.max(1, Math.ceil(message.length / BLOCK));
  const complete = message.length > 0 && message.length % BLOCK === 0;
  const last = Buffer.alloc(BLOCK);
  message.copy(last, 0, (blocks - 1) * BLOCK);
  if (!complete) last[message.length - (blocks - 1) * BLOCK] = 0x80;
  const subkey = complete ? k1 : k2;
  for (let i = 0; i < BLOCK; i++) last[i] = (last[i] ?? 0) ^ (subkey[i] ?? 0);

  const cipher = createCipheriv('aes-128-cbc', key, Buffer.alloc(BLOCK));
  cipher.setAutoPadding(false);
  const chained = Buffer.concat([message.subarray(0, (blocks - 1) * BLOCK), last]);
  const encrypted = cipher.update(chained);
  return encrypted.subarray(encrypted.length - BLOCK);
}
