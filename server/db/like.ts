/** A user's text inside a LIKE pattern matches itself only: %, _ and \ lose their meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
