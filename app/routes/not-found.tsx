import { data } from 'react-router';

/** Any path no route claims: a real 404, rendered by the root error page. */
export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}

export default function NotFound() {
  return null;
}
