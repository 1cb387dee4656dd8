import { ApiError, type ApiErrorBody } from './api';

/**
 * Sends a multipart form to the site's API and reports upload progress in percent. fetch() cannot
 * report the progress of a request body, so this one call uses XMLHttpRequest. `Answer` is the route's
 * response type, as for `api`.
 */
export function sendForm<Answer>(
  path: string,
  form: FormData,
  options: { method?: string; onProgress?: (percent: number) => void } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', `/api${path}`);
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as Answer);
      else reject(new ApiError(request.status, body as ApiErrorBody | undefined));
    };
    request.onerror = () => reject(new ApiError(0, undefined));
    request.send(form);
  });
}
