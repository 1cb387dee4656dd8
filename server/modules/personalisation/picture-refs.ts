import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PngDataUrl } from '../../../common/card-design/draw.ts';
import type { Db } from '../../db/client.ts';
import { designUploads } from '../../db/schema/index.ts';

/** Uploaded pictures by id, as PNG bytes. */
export type Pictures = Map<number, Buffer>;

/**
 * A stored card drawing names its pictures (`href="upload:12"`) instead of carrying them: a logo printed on
 * 25 cards is kept once, in design_uploads, not 50 times in base64. It is embedded only where a drawing is
 * drawn (in the pool) or served on its own.
 */
const MARK = 'UPLOADREF';
const DRAWN = new RegExp(`href="data:image/png;base64,${MARK}(\\d+)"`, 'g');
const STORED = /href="upload:(\d+)"/g;

export const pngDataUrl = (png: Buffer): PngDataUrl => `data:image/png;base64,${png.toString('base64')}`;

/** What drawCard is given for a picture: a stand-in that `storedDrawing` turns into the reference. */
export const pictureStandIn = (id: number): PngDataUrl => `data:image/png;base64,${MARK}${id}`;

/** A drawing made with stand-ins, as it is stored. */
export const storedDrawing = (svg: string): string => svg.replace(DRAWN, 'href="upload:$1"');

/** The pictures a stored drawing names. */
export function pictureIds(svg: string): number[] {
  return [...new Set([...svg.matchAll(STORED)].map((match) => Number(match[1])))];
}

/** A stored drawing with its pictures embedded (a picture missing stays a reference, drawn as nothing). */
export function embedPictures(svg: string, pictures: Pictures): string {
  return svg.replace(STORED, (reference, id: string) => {
    const png = pictures.get(Number(id));
    return png ? `href="${pngDataUrl(png)}"` : reference;
  });
}

/**
 * The pictures lately read, per database, up to RECENT_BYTES: an order's print files read its logo once per
 * card, 25 times the same megabyte. A picture changes only when it is brought within the cap (boundUploads),
 * which changes its size, so an entry is used only while its width, height and length still match.
 */
const RECENT_BYTES = 16 * 1024 * 1024;
type Recent = Map<number, { png: Buffer; version: string }>;
const recentByDb = new WeakMap<Db, Recent>();
const version = sql<string>`${designUploads.width} || 'x' || ${designUploads.height} || ':' || octet_length(${designUploads.png})`;

function remember(recent: Recent, id: number, png: Buffer, version: string): void {
  recent.delete(id);
  recent.set(id, { png, version });
  let bytes = 0;
  for (const entry of recent.values()) bytes += entry.png.length;
  for (const [oldest, entry] of recent) {
    if (bytes <= RECENT_BYTES) break;
    recent.delete(oldest);
    bytes -= entry.png.length;
  }
}

/** Pictures by id, each read once; only `owner`'s when given. */
export async function picturesOf(db: Db, ids: number[], owner?: number): Promise<Pictures> {
  if (ids.length === 0) return new Map();
  const wanted =
    owner === undefined
      ? inArray(designUploads.id, ids)
      : and(inArray(designUploads.id, ids), eq(designUploads.userId, owner));
  const versions = await db.select({ id: designUploads.id, version }).from(designUploads).where(wanted);
  const recent: Recent = recentByDb.get(db) ?? new Map();
  recentByDb.set(db, recent);
  const pictures: Pictures = new Map();
  const unread: number[] = [];
  for (const { id, version } of versions) {
    const kept = recent.get(id);
    if (kept?.version !== version) {
      unread.push(id);
      continue;
    }
    pictures.set(id, kept.png);
    // Read again: the last to be let go.
    recent.delete(id);
    recent.set(id, kept);
  }
  if (unread.length === 0) return pictures;
  const rows = await db
    .select({ id: designUploads.id, png: designUploads.png, version })
    .from(designUploads)
    .where(inArray(designUploads.id, unread));
  for (const row of rows) {
    pictures.set(row.id, row.png);
    remember(recent, row.id, row.png, row.version);
  }
  return pictures;
}

/** One stored drawing, ready to be served on its own. */
export async function servedDrawing(db: Db, svg: string): Promise<string> {
  return embedPictures(svg, await picturesOf(db, pictureIds(svg)));
}
