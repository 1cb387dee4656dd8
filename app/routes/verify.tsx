import { type FormEvent, useEffect, useRef, useState } from 'react';
import { data, type ShouldRevalidateFunction, useSearchParams } from 'react-router';
import { ENTER_CODE } from '../../common/messages/verification';
import type { PageQuery } from '../../common/page-query';
import { company } from '../../content/company';
import type { VerificationResult } from '../../server/modules/registry/responses';
import { pageMayCountOnLoad } from '../../server/modules/registry/verification/counting-origin';
import { PageHeader } from '../components/page-header/PageHeader';
import {
  type CheckAnswer,
  FAILED_STATUS,
  VerificationCard,
} from '../components/verification/VerificationCard';
import { ApiError, api } from '../lib/api';
import { publicPageHeaders } from '../lib/http-cache';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/verify';

/** The page cache keys this page on these alone (common/page-query.ts). */
export const handle: PageQuery = { query: ['code'] };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Verify Product',
    description: 'Check that your smart card is genuine with the serial number printed on it.',
  });

/**
 * The check itself runs in the browser (it counts, so never on render); the page only says whether its
 * automatic check of the code in its link may count: not when another site opened it (a link, a frame, a
 * script's navigation there), or any web page could burn a card's count through its visitors. Without a
 * code the page is the same for everyone and cached as such; with one it depends on who opened it, so it is
 * never stored (a stored copy would let a foreign link reuse a same-site visitor's page).
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!new URL(request.url).searchParams.has('code')) return { countOnLoad: true };
  const countOnLoad = pageMayCountOnLoad(request.headers.get('sec-fetch-site'));
  return data({ countOnLoad }, { headers: { 'Cache-Control': 'private, no-store', Vary: 'Sec-Fetch-Site' } });
}

export const headers: Route.HeadersFunction = (args) =>
  args.loaderHeaders.has('Cache-Control') ? args.loaderHeaders : publicPageHeaders(args);

// A check writes its code into the link; that needs no new loader data (the flag is for the first load).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'answer'; answer: CheckAnswer; askedNotToCount: boolean };

/**
 * One check. Answers with a body (404, 429 too) are shown like results; without one, the spec's message.
 * `count: false` asks the server not to count it (it can only ever keep a check from counting). Not a
 * `useWrite` write: a refused check (404, 429) is an answer the page shows, not a failure to toast.
 */
async function check(code: string, count: boolean): Promise<CheckAnswer> {
  const query = `code=${encodeURIComponent(code)}${count ? '' : '&count=0'}`;
  let body: (Partial<VerificationResult> & { detail?: string | undefined }) | undefined;
  let httpStatus: number;
  try {
    body = await api(`/verify/?${query}`);
    httpStatus = 200;
  } catch (error) {
    // No answer at all (the network): the spec's message alone.
    if (!(error instanceof ApiError) || error.status === 0) return { status: FAILED_STATUS };
    // A refused check's body: the 404's result, or the 400's and 429's detail.
    body = error.body as typeof body;
    httpStatus = error.status;
  }
  const status = body?.status ?? body?.detail;
  return status ? { ...body, status, httpStatus } : { status: FAILED_STATUS, httpStatus };
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const initial = params.get('code') ?? '';
  const [code, setCode] = useState(initial);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [inputError, setInputError] = useState<string | null>(null);
  const checkedOnLoad = useRef(false);
  // Only the newest check may show its answer (an older, slower one must not replace it).
  const latest = useRef(0);

  async function run(value: string, count: boolean) {
    const id = ++latest.current;
    setState({ kind: 'loading' });
    const answer = await check(value, count);
    if (id !== latest.current) return;
    if (answer.httpStatus === 400 && answer.status === ENTER_CODE) {
      // Only dashes or spaces: nothing to look up, as with a blank input.
      setInputError(ENTER_CODE);
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'answer', answer, askedNotToCount: !count });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the code in the link is checked once, on load
  useEffect(() => {
    if (checkedOnLoad.current || initial.trim() === '') return;
    checkedOnLoad.current = true;
    void run(initial, loaderData.countOnLoad);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') {
      // A new check clears the last one: no earlier result stays under the message, nor in the link.
      latest.current++;
      setState({ kind: 'idle' });
      setInputError(ENTER_CODE);
      setParams({}, { replace: true, preventScrollReset: true });
      return;
    }
    setInputError(null);
    setParams({ code: code.trim() }, { replace: true, preventScrollReset: true });
    void run(code, true);
  }

  return (
    <>
      <PageHeader title="Verify Product" />
      <section className="container section verify-page">
        <p className="verify-intro">
          Enter the serial number printed on the back of your card (or scan the code on its packaging) to
          check that it is a genuine {company.name} card.
        </p>
        <form className="form verify-form" onSubmit={submit} noValidate aria-label="Verify a product">
          <div className="field">
            <label htmlFor="verify-code">Serial number or SKU</label>
            <div className="verify-row">
              <input
                id="verify-code"
                name="code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                placeholder="e.g. ABCD-EFGH-JKMN"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                aria-invalid={inputError !== null}
                aria-describedby={inputError ? 'verify-error' : undefined}
              />
              <button type="submit" className="button" disabled={state.kind === 'loading'}>
                {state.kind === 'loading' ? 'Verifying...' : 'Verify'}
              </button>
            </div>
            {inputError && (
              <p id="verify-error" className="field-error" role="alert">
                {inputError}
              </p>
            )}
          </div>
        </form>
        <div className="verify-result" role="status" aria-live="polite" aria-atomic="true">
          {state.kind === 'loading' && (
            <p className="verify-loading">
              <span className="verify-spinner" aria-hidden="true" />
              Verifying...
            </p>
          )}
          {state.kind === 'answer' && (
            <VerificationCard answer={state.answer} askedNotToCount={state.askedNotToCount} />
          )}
        </div>
      </section>
    </>
  );
}
