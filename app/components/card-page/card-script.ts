/** What the card page's script needs to know about the page. */
interface CardScriptOptions {
  username: string;
  url: string;
  title: string;
}

/**
 * The card page's only script (the page has no React on the client): the visit's source, Share with the
 * Web Share API or a copied link, and the owner's Edit bar. The page is the same for every visitor and cached
 * by URL, so the bar is revealed here, and only a visitor with the `signed_in` hint cookie asks who they are:
 * others make no request at all. It is serialised into the page, so it uses nothing from outside its own body.
 */
function cardPageScript(options: CardScriptOptions): void {
  // Where the visit came from (`?via=`, see common/visit-source.ts): passed on to what the visitor does next
  // (a contact save, a link, an exchange) and taken out of the address bar, so a shared link does not carry
  // a tap's card with it.
  // A tap's signed proof (`?proof=`) is shown once: a reload or a shared link shows no badge.
  const params = new URLSearchParams(location.search);
  const via = params.get('via');
  if (via || params.has('proof')) {
    params.delete('via');
    params.delete('proof');
    const rest = params.toString();
    history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
  }
  if (via) {
    const param = `via=${encodeURIComponent(via)}`;
    document.querySelectorAll<HTMLAnchorElement>('#card-save, a.card-link').forEach((link) => {
      const href = link.getAttribute('href') || '';
      link.setAttribute('href', href + (href.indexOf('?') < 0 ? '?' : '&') + param);
    });
    document.querySelectorAll<HTMLInputElement>('input[name=via]').forEach((input) => {
      input.value = via;
    });
  }
  const status = document.getElementById('card-status');
  const share = document.getElementById('card-share');
  const say = (message: string) => {
    if (!status) return;
    status.textContent = '';
    // A fresh text node after a tick, so the same message is announced again on a second tap.
    setTimeout(() => {
      status.textContent = message;
    }, 50);
  };
  if (share) {
    share.hidden = false;
    share.addEventListener('click', () => {
      if (typeof navigator.share === 'function') {
        // Closing the share sheet rejects: nothing to say then.
        navigator.share({ title: options.title, url: options.url }).catch(() => undefined);
        return;
      }
      const manual = () => say(`Copy this link: ${options.url}`);
      if (navigator.clipboard) {
        navigator.clipboard.writeText(options.url).then(() => say('Link copied'), manual);
      } else {
        manual();
      }
    });
  }
  const bar = document.getElementById('edit-bar');
  if (bar?.hidden && document.cookie.split('; ').indexOf('signed_in=1') >= 0) {
    fetch('/api/auth/profile/', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((user: { username?: string } | undefined) => {
        if (user && user.username === options.username) bar.hidden = false;
      })
      .catch(() => undefined);
  }
}

/** The script's source with its options, for an inline <script> (JSON with "<" escaped cannot close it). */
export function cardScriptSource(options: CardScriptOptions): string {
  return `(${cardPageScript.toString()})(${JSON.stringify(options).replace(/</g, '\\u003c')});`;
}
