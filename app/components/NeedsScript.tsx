import { useActionData } from 'react-router';

/** What a page's action answers to a form posted without JavaScript (`needs-script.server.ts`). */
export interface NeedsScriptAnswer {
  needsScript: true;
}

/**
 * Where a form posted without JavaScript comes back: one line saying what happened and what to do, focused
 * so that it is in view and read out (the page comes back at its top).
 */
export function NeedsScript() {
  const answer = useActionData() as NeedsScriptAnswer | undefined;
  if (!answer?.needsScript) return null;
  return (
    <p
      className="status-message failure"
      role="status"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the answer to the form just sent, not a field on arrival.
      autoFocus
    >
      Nothing was sent: this form needs JavaScript, which is off in this browser. Turn it on for this site and
      send the form again.
    </p>
  );
}
