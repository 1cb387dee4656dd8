import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from './toast';
import { toastFailure } from './toast-failure';

/** What a write says and does around its call. Every message is the screen's own, word for word. */
interface WriteOptions<Answer> {
  /** The success toast, if the write shows one (from the answer when it needs it). */
  done?: string | ((answer: Answer) => string);
  /**
   * The failure toast's title (from the error when the screen says so); toastFailure adds the server's
   * reason and maps a 429 to its advice.
   */
  failed: string | ((error: unknown) => string);
  /** After success, before the toast: put the answer on the screen, close a dialog. */
  onDone?(answer: Answer): void;
  /** After a failure, before the toast: e.g. show the field errors (`fieldErrors(error)`). */
  onFailed?(error: unknown): void;
  /**
   * After success and its toast, still busy: `true` reloads the route's data (React Router's revalidation);
   * a function reloads what the screen loaded itself (a list it fetched). Off by default.
   */
  refresh?: boolean | (() => Promise<unknown>);
}

type WriteResult<Answer> = { ok: true; answer: Answer } | { ok: false; error: unknown };

interface WriteEffects {
  setBusy(busy: boolean): void;
  revalidate(): Promise<void>;
}

/**
 * One write: busy while it runs (and while the page's data reloads), then the success toast and the
 * refresh, or the failure toast. The hook's body, apart from React, so it can be tested without a browser.
 */
export async function write<Answer>(
  work: () => Promise<Answer>,
  options: WriteOptions<Answer>,
  effects: WriteEffects,
): Promise<WriteResult<Answer>> {
  effects.setBusy(true);
  try {
    const answer = await work();
    options.onDone?.(answer);
    const done = typeof options.done === 'function' ? options.done(answer) : options.done;
    if (done !== undefined) toast.success(done);
    if (typeof options.refresh === 'function') await options.refresh();
    else if (options.refresh) await effects.revalidate();
    return { ok: true, answer };
  } catch (error) {
    options.onFailed?.(error);
    toastFailure(typeof options.failed === 'function' ? options.failed(error) : options.failed, error);
    return { ok: false, error };
  } finally {
    effects.setBusy(false);
  }
}

/**
 * The browser's writes: `const { busy, run } = useWrite()`, then
 * `run(() => api(path, { method, body }), { done, failed, refresh })`. `working` says which of several
 * things is being written (a row's id) when `run` is given a `key`.
 */
export function useWrite<Key = true>() {
  const revalidator = useRevalidator();
  const [working, setWorking] = useState<Key | null>(null);
  function run<Answer>(
    work: () => Promise<Answer>,
    options: WriteOptions<Answer> & { key?: Key },
  ): Promise<WriteResult<Answer>> {
    const key = (options.key ?? true) as Key;
    return write(work, options, {
      setBusy: (busy) => setWorking(busy ? key : null),
      revalidate: () => revalidator.revalidate(),
    });
  }
  return { busy: working !== null, working, run };
}
