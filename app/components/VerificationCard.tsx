import type { VerificationResult } from '../../server/modules/registry/service';

const MAX_ATTEMPTS = 5;

type Verdict = 'genuine' | 'warning' | 'bad';

/**
 * Genuine: a serial checked for the first time. Warning: genuine but checked before (a second-hand or
 * copied card is worth a question), a product known only by its SKU, or the limit reached. Anything else
 * is not genuine.
 */
export function verdictOf(result: Partial<VerificationResult>): Verdict {
  if (result.valid && result.serial_number && result.attempts === 1) return 'genuine';
  if (result.valid || result.status === 'Verification limit reached') return 'warning';
  return 'bad';
}

const HEADINGS: Record<Verdict, string> = {
  genuine: 'Genuine',
  warning: 'Check with care',
  bad: 'Not verified',
};

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function VerificationCard({ result }: { result: Partial<VerificationResult> & { status: string } }) {
  const verdict = verdictOf(result);
  const serial = result.serial_number?.replace(/(.{4})(?=.)/g, '$1-');
  return (
    <div className={`verification verification-${verdict}`} role="status" data-verdict={verdict}>
      <p className="verification-verdict">
        <span aria-hidden="true" className="verification-icon">
          {verdict === 'genuine' ? '✓' : verdict === 'warning' ? '!' : '✕'}
        </span>
        {HEADINGS[verdict]}
      </p>
      <p className="verification-status">{result.status}</p>
      <dl className="verification-facts">
        {serial && (
          <>
            <dt>Serial number</dt>
            <dd>{serial}</dd>
          </>
        )}
        {result.sku && (
          <>
            <dt>SKU</dt>
            <dd>{result.sku}</dd>
          </>
        )}
        {typeof result.attempts === 'number' && (
          <>
            <dt>Attempts</dt>
            <dd data-testid="attempts">
              {result.attempts}/{MAX_ATTEMPTS}
            </dd>
          </>
        )}
        {result.first_verified_at && (
          <>
            <dt>First verified</dt>
            <dd>{dateFormat.format(new Date(result.first_verified_at))} UTC</dd>
          </>
        )}
      </dl>
    </div>
  );
}
