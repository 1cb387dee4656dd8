import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { write } from './use-write';

const shown = vi.hoisted(() => [] as [string, string, unknown][]);
vi.mock('./toast', () => ({
  toast: {
    success: (message: string, options?: unknown) => shown.push(['success', message, options]),
    error: (message: string, options?: unknown) => shown.push(['error', message, options]),
  },
}));

function effects() {
  const steps: string[] = [];
  return {
    steps,
    setBusy: (busy: boolean) => steps.push(busy ? 'busy' : 'idle'),
    revalidate: async () => {
      steps.push('revalidate');
    },
  };
}

beforeEach(() => {
  shown.length = 0;
});

describe('write', () => {
  it('is busy while it runs, hands over the answer, toasts and refreshes', async () => {
    const fx = effects();
    const seen: number[] = [];
    const result = await write(
      async () => {
        fx.steps.push('work');
        return 7;
      },
      {
        done: (n) => `Saved ${n}.`,
        failed: 'Not saved.',
        onDone: (n) => seen.push(n),
        refresh: true,
      },
      fx,
    );
    expect(result).toEqual({ ok: true, answer: 7 });
    expect(seen).toEqual([7]);
    expect(shown).toEqual([['success', 'Saved 7.', undefined]]);
    expect(fx.steps).toEqual(['busy', 'work', 'revalidate', 'idle']);
  });

  it('refreshes only when asked, and toasts only a given message', async () => {
    const fx = effects();
    await write(async () => undefined, { failed: 'Not saved.' }, fx);
    expect(fx.steps).toEqual(['busy', 'idle']);
    expect(shown).toEqual([]);
  });

  it('refreshes what the screen loaded itself, while still busy', async () => {
    const fx = effects();
    await write(
      async () => undefined,
      {
        done: 'Deleted.',
        failed: 'Not deleted.',
        refresh: async () => {
          fx.steps.push('reload');
        },
      },
      fx,
    );
    expect(fx.steps).toEqual(['busy', 'reload', 'idle']);
    expect(shown).toEqual([['success', 'Deleted.', undefined]]);
  });

  it('maps a failure to the screen’s message, with the server’s reason beneath it', async () => {
    const fx = effects();
    const failures: unknown[] = [];
    const error = new ApiError(400, { detail: 'You have 20 addresses already.' });
    const result = await write(
      async () => {
        throw error;
      },
      { done: 'Saved.', failed: 'Not saved.', onFailed: (e) => failures.push(e), refresh: true },
      fx,
    );
    expect(result).toEqual({ ok: false, error });
    expect(failures).toEqual([error]);
    expect(shown).toEqual([['error', 'Not saved.', { description: 'You have 20 addresses already.' }]]);
    expect(fx.steps).toEqual(['busy', 'idle']);
  });

  it('takes the failure’s title from the error when the screen says so', async () => {
    const fx = effects();
    const error = new ApiError(400, { detail: 'Row 3: no such SKU.' });
    await write(
      async () => {
        throw error;
      },
      { failed: (e) => (e instanceof ApiError && e.body?.detail ? e.body.detail : 'Not imported.') },
      fx,
    );
    expect(shown).toEqual([['error', 'Row 3: no such SKU.', undefined]]);
  });

  it('shows the server’s advice when told to slow down (429)', async () => {
    const fx = effects();
    const error = new ApiError(429, { detail: 'Too many tries. Wait a minute.' });
    await write(
      async () => {
        throw error;
      },
      { failed: 'Not saved.' },
      fx,
    );
    expect(shown).toEqual([['error', 'Too many tries. Wait a minute.', undefined]]);
  });

  it('a network failure gets the screen’s message alone', async () => {
    const fx = effects();
    await write(
      async () => {
        throw new ApiError(0, undefined);
      },
      { failed: 'Not saved.' },
      fx,
    );
    expect(shown).toEqual([['error', 'Not saved.', undefined]]);
  });

  it('a success toast may have a line beneath it', async () => {
    const fx = effects();
    await write(
      async () => 1,
      { done: { message: 'Registered.', description: 'Check your e-mail.' }, failed: 'No.' },
      fx,
    );
    expect(shown).toEqual([['success', 'Registered.', { description: 'Check your e-mail.' }]]);
  });

  it('a failure worded by the screen is shown as it is: no reason beneath it, no 429 advice', async () => {
    const fx = effects();
    const error = new ApiError(429, { detail: 'Too many tries. Wait a minute.' });
    await write(
      async () => {
        throw error;
      },
      { failed: () => ({ message: 'Invalid email or password.' }) },
      fx,
    );
    await write(
      async () => {
        throw error;
      },
      { failed: () => ({ message: 'Failed to place order.', description: 'Too many tries.' }) },
      fx,
    );
    expect(shown).toEqual([
      ['error', 'Invalid email or password.', undefined],
      ['error', 'Failed to place order.', { description: 'Too many tries.' }],
    ]);
  });

  it('a failure the page shows itself gets no toast, and the write stays busy while onFailed runs', async () => {
    const fx = effects();
    await write(
      async () => {
        throw new ApiError(409, { detail: 'Answered already.' });
      },
      {
        failed: null,
        onFailed: async () => {
          fx.steps.push('reload');
        },
      },
      fx,
    );
    expect(shown).toEqual([]);
    expect(fx.steps).toEqual(['busy', 'reload', 'idle']);
  });

  it('goes to the next page after the toast, and stays busy as the screen is left', async () => {
    const fx = effects();
    const went: string[] = [];
    await write(
      async () => ({ id: 12 }),
      { done: 'Order placed.', failed: 'No.', next: (order) => `/order-success?order=${order.id}` },
      { ...fx, navigate: (to: string) => went.push(to) },
    );
    expect(went).toEqual(['/order-success?order=12']);
    expect(shown).toEqual([['success', 'Order placed.', undefined]]);
    expect(fx.steps).toEqual(['busy']);
  });

  it('a failed write with a next page stays where it is and is no longer busy', async () => {
    const fx = effects();
    const went: string[] = [];
    await write(
      async () => {
        throw new ApiError(400, undefined);
      },
      { failed: 'No.', next: '/' },
      { ...fx, navigate: (to: string) => went.push(to) },
    );
    expect(went).toEqual([]);
    expect(fx.steps).toEqual(['busy', 'idle']);
  });
});
