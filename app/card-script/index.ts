import { TAP_PROOF_PARAM } from '../../common/tap-proof';
import { VIA_PARAM } from '../../common/visit-source';
import { restoreSession } from '../lib/signed-in';

/*
 * The card page's only script (the page has no React on the client): the visit's source, Share with the
 * Web Share API or a copied link, and the owner's Edit bar. The page is the same for every visitor and kept
 * by URL, so the bar is revealed here, and only a visitor with the `signed_in` hint cookie asks who they are:
 * others make no request at all. Inlined by CardPage.tsx, built by the `inline-scripts` plugin in
 * vite.config.ts; the page's own values travel on the <script> element, so its text is the same on every
 * card page.
 */

const { username = '', url = location.href, title = document.title } = document.currentScript?.dataset ?? {};

// Where the visit came from (`?via=`, see common/visit-source.ts): passed on to what the visitor does next
// (a contact save, a link, an exchange) and taken out of the address bar, so a shared link does not carry
// a tap's card with it. A tap's signed proof (`?proof=`) is shown once: a reload or a shared link shows no
// badge.
const params = new URLSearchParams(location.search);
const via = params.get(VIA_PARAM);
if (via || params.has(TAP_PROOF_PARAM)) {
  params.delete(VIA_PARAM);
  params.delete(TAP_PROOF_PARAM);
  const rest = params.toString();
  history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
}
if (via) {
  const param = `${VIA_PARAM}=${encodeURIComponent(via)}`;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('#card-save, a.card-link')) {
    const href = link.getAttribute('href') || '';
    link.setAttribute('href', href + (href.includes('?') ? '&' : '?') + param);
  }
  for (const input of document.querySelectorAll<HTMLInputElement>(`input[name=${VIA_PARAM}]`))
    input.value = via;
}

const status = document.getElementById('card-status');
const say = (message: string) => {
  if (!status) return;
  status.textContent = '';
  // A fresh text node after a tick, so the same message is announced again on a second tap.
  setTimeout(() => {
    status.textContent = message;
  }, 50);
};

const share = document.getElementById('card-share');
if (share) {
  share.hidden = false;
  share.addEventListener('click', () => {
    if (typeof navigator.share === 'function') {
      // Closing the share sheet rejects: nothing to say then.
      navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    const manual = () => say(`Copy this link: ${url}`);
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => say('Link copied'), manual);
    else manual();
  });
}

// The owner's own parts of the page: the Edit bar, and what a plain link's tap proved.
const bar = document.getElementById('edit-bar');
if (bar?.hidden) {
  void restoreSession().then((user) => {
    if (user?.username !== username) return;
    bar.hidden = false;
    const note = document.getElementById('tap-proof-owner');
    if (note) note.hidden = false;
  });
}
