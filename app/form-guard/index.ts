import { HYDRATED_EVENT } from './hydrated-event';

/*
 * The form guard of hydrated pages, inlined in <head> by root.tsx and built by the `inline-scripts` plugin
 * in vite.config.ts. A form that React sends (its handler posts it with fetch) would, submitted before React
 * runs, be sent by the browser, as a GET link with every field in the address (a password too) when it has no
 * method, and the page left either way. Such a submission is held here (the form marked busy) and handed to React once it
 * runs, so the tap is not lost either (decision 035).
 *
 * It listens at `window` in the bubbling phase, after React's own listener on the document: a submission
 * React has handled (its handler prevents the default) is left alone, which also covers React hydrating
 * the form at once for the event, and then an earlier held tap of the same form is dropped, not sent twice.
 */

let hydrated = false;
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;

function release(): NonNullable<typeof held> | undefined {
  const submission = held;
  held = undefined;
  submission?.form.removeAttribute('aria-busy');
  return submission;
}

addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (event.defaultPrevented) {
    if (held?.form === form) release();
    return;
  }
  // A GET form makes a link by design (a search, the admin's filters). A POST form React sends says
  // `method="post"` only for a browser without JavaScript (NeedsScript): held like the rest.
  if (hydrated || form.getAttribute('method')?.toLowerCase() === 'get') return;
  event.preventDefault();
  release();
  held = { form, submitter: event.submitter };
  form.setAttribute('aria-busy', 'true');
});

document.addEventListener(
  HYDRATED_EVENT,
  () => {
    hydrated = true;
    // A task later: what React took from the fields typed before it ran (the root layout's effect) is in its
    // state by then, so the handler sends what the visitor typed.
    setTimeout(() => {
      const submission = release();
      if (!submission?.form.isConnected) return;
      const { form, submitter } = submission;
      const button =
        submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
      form.requestSubmit(button?.form === form ? button : null);
    });
  },
  { once: true },
);
