import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** How long a navigation may take before it is shown: quicker ones would only flicker. */
const SHOW_AFTER_MS = 150;

/**
 * A slim bar along the top while the next page loads (after 150 ms), and the same news for screen
 * readers in a polite live region.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <>
      <div className="nav-progress" data-active={shown} aria-hidden="true" />
      <p className="visually-hidden" role="status" aria-live="polite">
        {shown ? 'Loading page...' : ''}
      </p>
    </>
  );
}
