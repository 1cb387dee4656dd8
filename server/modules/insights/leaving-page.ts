import { LEAVING_MESSAGES } from '../../../common/messages/leaving.ts';
import { company } from '../../../content/company.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/**
 * What a card's link answers when the click did not come from the card's own page: the address it leads to,
 * as text, and a plain link to it. No redirect, script or refresh, so the firm's domain cannot be used to send
 * someone elsewhere unseen.
 */
export function leavingPage(target: string, owner: { name: string; cardPath: string }): string {
  const title = LEAVING_MESSAGES.title(company.name);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111827"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(LEAVING_MESSAGES.lead(owner.name))}</p><p style="word-break:break-all;padding:.75rem;background:#f3f4f6;border-radius:.5rem"><code>${escapeHtml(target)}</code></p><p><a href="${escapeHtml(target)}" rel="noopener noreferrer nofollow">${escapeHtml(LEAVING_MESSAGES.go)}</a></p><p><a href="${escapeHtml(owner.cardPath)}">${escapeHtml(LEAVING_MESSAGES.back(owner.name))}</a></p></body></html>`;
}
