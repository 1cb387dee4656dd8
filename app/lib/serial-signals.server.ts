import type { AppLoadContext } from 'react-router';
import { serialSignals } from '../../server/modules/registry/anomalies/admin.ts';
import { loadSerial } from './admin.server.ts';
import { orResponse } from './loader-errors.server.ts';

/** A serial's admin page: the serial with its history (admins only), then its chip, flags, taps and block reason. */
export async function loadSerialWithSignals(
  request: Request,
  context: AppLoadContext,
  code: string | undefined,
) {
  const serial = await loadSerial(request, context, code);
  const signals = await orResponse(() => serialSignals(context.db, serial.serial));
  return { ...serial, signals };
}
