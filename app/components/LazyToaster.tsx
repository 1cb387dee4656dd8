import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadSonner, onSonnerRequested, sonnerRequested } from '../lib/toast';

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** The one `<Toaster/>`, rendered from the first toast on (see lib/toast). */
export function LazyToaster() {
  const requested = useSyncExternalStore(onSonnerRequested, sonnerRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec constants: top-centre, 3 visible, 4000 ms, gap 14; sonner's own width (356 px) and swipe threshold (45 px). */}
      <Toaster position="top-center" visibleToasts={3} duration={4000} gap={14} closeButton />
    </Suspense>
  );
}
