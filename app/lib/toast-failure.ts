import { failureMessage, serverDetail } from './api';
import { toast } from './toast';

/** The spec's toast, with the server's reason beneath it when it gave one (e.g. the 20-address limit). */
export function toastFailure(title: string, error: unknown) {
  const reason = serverDetail(error);
  const message = failureMessage(error, title);
  toast.error(message, reason && reason !== message ? { description: reason } : undefined);
}
