import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { toast } from './toast';
import { toastFailure } from './toast-failure';

/** A toast: its message, or its message with a line beneath it. */
type WriteToast = string | { message: string; description?: string | undefined };

/** What a write says and does around its call. Every message is the screen's own, word for word. */
interface WriteOptions<Answer> {
  /** The success toast, if the write shows one (from the answer when it needs it). */
  done?: WriteToast | ((answer: Answer) => WriteToast);
  /**
   * The failure toast. A title (a string, or a string from the error): toastFailure adds the server's
   * reason beneath it and maps a 429 to its advice. A `{ message, description }` from the error: shown as
   * it is, for a screen that words its failure itself. `null`: no toast, the screen shows the failure on
   * the page (`onFailed`).
   */
  failed: string | ((error: unknown) => string | Exclude<WriteToast, string>) | null;
  /** After success, before the toast: put the answer on the screen, close a dialog. */
  onDone?(answer: Answer): void;
  /**
   * After a failure, before the toast, still busy: e.g. show the field errors (`fieldErrors(error)`), or
   * reload the page's data when someone else answered first.
   */
  onFailed?(error: unknown): unknown;
  /**
   * After success and its toast, still busy: `true` reloads the route's data (React Router's revalidation);
   * a function reloads what the screen loaded itself (a list it fetched). Off by default.
   */
  refresh?: boolean | (() => Promise<unknown>);
  /**
   * After success and its toast: go to this page (from the answer when it needs it). The write stays busy,
   * as the screen is being left: its button does not come back for a moment before the next page shows.
   */
  next?: string | ((answer: Answer) => string);
}

type WriteResult<Answer> = { ok: true; answer: Answer } | { ok: false; error: unknown };

interface WriteEffects {
  setBusy(busy: boolean): void;
  revalidate(): Promise<void>;
  navigate?(to: string): unknown;
}

function show(kind: 'success' | 'error', shown: WriteToast) {
  if (typeof shown === 'string') toast[kind](shown);
  else toast[kind](shown.message, shown.description ? { description: shown.description } : undefined);
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
  let leaving = false;
  try {
    const answer = await work();
    options.onDone?.(answer);
    const done = typeof options.done === 'function' ? options.done(answer) : options.done;
    if (done !== undefined) show('success', done);
    if (typeof options.refresh === 'function') await options.refresh();
    else if (options.refresh) await effects.revalidate();
    if (options.next !== undefined) {
      leaving = true;
      effects.navigate?.(typeof options.next === 'function' ? options.next(answer) : options.next);
    }
    return { ok: true, answer };
  } catch (error) {
    await options.onFailed?.(error);
    const failed = typeof options.failed === 'function' ? options.failed(error) : options.failed;
    if (typeof failed === 'string') toastFailure(failed, error);
    else if (failed !== null) show('error', failed);
    return { ok: false, error };
  } finally {
    if (!leaving) effects.setBusy(false);
  }
}

/**
 * The browser's writes: `const { busy, run } = useWrite()`, then
 * `run(() => api(path, { method, body }), { done, failed, refresh })`. `working` says which of several
 * things is being written (a row's id) when `run` is given a `key`.
 */
export function useWrite<Key = true>() {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [working, setWorking] = useState<Key | null>(null);
  function run<Answer>(
    work: () => Promise<Answer>,
    options: WriteOptions<Answer> & { key?: Key },
  ): Promise<WriteResult<Answer>> {
    const key = (options.key ?? true) as Key;
    return write(work, options, {
      setBusy: (busy) => setWorking(busy ? key : null),
      revalidate: () => revalidator.revalidate(),
      navigate: (to) => navigate(to),
    });
  }
  return { busy: working !== null, working, run };
}
