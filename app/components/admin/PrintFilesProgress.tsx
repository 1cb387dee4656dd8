import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation';
import type { PrintFiles } from '../../../server/modules/personalisation/responses';

/** How often the page asks again while print files are being made. */
const REFRESH_MS = 3000;

/**
 * A personalised order's print files, made after the order card by card: how many are ready, refreshed
 * until all are, so the firm never downloads one that is not there yet.
 */
export function PrintFilesProgress({ files }: { files: PrintFiles }) {
  const revalidator = useRevalidator();
  const done = files.ready >= files.total;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [done, revalidator]);
  return (
    <p className="muted" role="status">
      <progress max={files.total} value={files.ready} aria-hidden="true" />{' '}
      {PERSONALISATION_MESSAGES.printFiles(files.ready, files.total)}
    </p>
  );
}
