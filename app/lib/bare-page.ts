import type { UIMatch } from 'react-router';

/**
 * A route's `handle` that asks for the bare document: no site header, footer, toaster, app stylesheet or
 * React on the client, only the page's own stylesheet inlined in <head> (no request blocks its first
 * paint). The card page uses it: it is the owner's page, not the firm's, and must stay tiny.
 */
export interface BarePage {
  bare: true;
  /** The page's whole stylesheet. */
  style: string;
}

export function barePageOf(matches: UIMatch[]): BarePage | undefined {
  for (const match of matches) {
    const handle = match.handle as Partial<BarePage> | undefined;
    if (handle?.bare === true && typeof handle.style === 'string') return handle as BarePage;
  }
  return undefined;
}
