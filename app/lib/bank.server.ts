import type { AppLoadContext } from 'react-router';
import { bankOverview } from '../../server/modules/payments/statements/views.ts';
import { requireAdmin } from './admin.server.ts';
import { orResponse } from './loader-errors.server.ts';

/** The admin's bank page: lines waiting to be assigned and the latest statements. */
export async function loadBank(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context);
  return orResponse(() => bankOverview(context.db));
}
