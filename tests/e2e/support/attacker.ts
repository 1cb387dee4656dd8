import sharp from 'sharp';
/**
 * Sign-in calls as an attacker (or the owner) sends them over real HTTP: `from` is the address a trusted
 * proxy reports (X-Forwarded-For), `cookie` what the browser holds.
 */
export interface Attempt {
  status: number;
  detail: string;
  /** `name=value` of every cookie the answer set. */
  cookies: string[];
}

export async function tryLogin(
  base: string,
  credentials: { email: string; password: string },
  options: { from?: string; cookie?: string } = {},
): Promise<Attempt> {
  const response = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      ...(options.from ? { 'x-forwarded-for': options.from } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: JSON.stringify(credentials),
  });
  const body = (await response.json()) as { detail?: string };
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  return { status: response.status, detail: body.detail ?? '', cookies };
}

/** How many attempts got each status and message, e.g. `{ "400 Invalid credentials…": 5, "429 Too many…": 45 }`. */
export function tally(attempts: Attempt[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const attempt of attempts) {
    const key = `${attempt.status} ${attempt.detail}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Guesses the server actually checked the password of (answered 400, or 200 when right). */
export const evaluated = (attempts: Attempt[]) =>
  attempts.filter((attempt) => attempt.status === 400 || attempt.status === 200).length;

/** `count` addresses of the documentation range 198.51.100.0/24 and beyond, starting at `first`. */
export const ipv4s = (count: number, first = 1) =>
  Array.from(
    { length: count },
    (_, i) => `198.51.${100 + Math.floor((first + i) / 250)}.${((first + i) % 250) + 1}`,
  );

/**
 * A 4096×4096 JPEG of noise: the largest photo the site accepts, and costly to re-encode (noise does not
 * compress), so a handful of them in parallel is a real load on image processing.
 */
export async function largeNoisyPhoto(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 512,
      height: 512,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(4096, 4096, { kernel: 'cubic' }).jpeg({ quality: 85 }).toBuffer();
}
