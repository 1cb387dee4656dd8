/**
 * The site's toasts. sonner is fetched on the first toast, not with every page: most pages never show one.
 * The `<Toaster/>` (LazyToaster) mounts once sonner is asked for, and sonner replays the toasts created
 * before it subscribed, so a toast shown on the first call is not lost.
 */
type Sonner = typeof import('sonner');
interface ToastOptions {
  description?: string;
}

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For LazyToaster: whether any toast has been asked for yet. */
export function sonnerRequested(): boolean {
  return sonner !== undefined;
}

export function onSonnerRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
