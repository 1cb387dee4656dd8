import { listener } from '../chrome';

/** What the side sheet's driver is told from outside. */
export interface SideSheet {
  /** Closes the sheet if it is open: a navigation does. */
  close(): void;
  /** Takes every listener off. */
  stop(): void;
}

/**
 * The side sheet's one driver, on the markup MobileNav.tsx renders (closed, its submenus collapsed): the menu
 * button opens the <dialog> (focus trapping, Escape and an inert page come with it), a click on its backdrop,
 * its close button or a link closes it, and its Services and Products groups expand and collapse. `button`
 * is the menu button; the sheet is the element it controls. The component calls it once mounted and closes
 * it on a navigation; on a light page the site script calls it.
 */
export function driveSideSheet(button: HTMLElement): SideSheet {
  const stopped = new AbortController();
  const on = listener(stopped.signal);
  const byControls = (element: Element) =>
    document.getElementById(element.getAttribute('aria-controls') ?? '');
  const dialog = byControls(button) as HTMLDialogElement | null;
  const close = () => {
    if (dialog?.open) dialog.close();
  };
  if (dialog) {
    on(button, 'click', () => {
      dialog.showModal();
      button.setAttribute('aria-expanded', 'true');
    });
    on(dialog, 'close', () => button.setAttribute('aria-expanded', 'false'));
    on(dialog, 'click', (event) => {
      // A click on the backdrop (the dialog element itself, outside its panel) closes it; so does a link.
      const target = event.target as Element;
      if (target === dialog || target.closest('.side-sheet-close, a')) close();
    });
    // Back to a page kept in the back-forward cache: the sheet a followed link left open is closed.
    on(window, 'pageshow', close);
    for (const toggle of dialog.querySelectorAll('.side-sheet-toggle')) {
      on(toggle, 'click', () => {
        const list = byControls(toggle);
        const open = toggle.getAttribute('aria-expanded') !== 'true';
        toggle.setAttribute('aria-expanded', String(open));
        if (list) list.hidden = !open;
      });
    }
  }
  return { close, stop: () => stopped.abort() };
}
