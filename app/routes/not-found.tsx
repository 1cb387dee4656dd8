import { pageError } from '../lib/route-error';

/** Any path no route claims: a real 404, rendered by the root error page. */
export function loader() {
  throw pageError(404, 'Not found');
}

export default function NotFound() {
  return null;
}
