import { company } from '../../content/company';
import { ComingSoon } from '../components/ComingSoon';
import { requireUser } from '../lib/auth.server';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${company.name}` }];

/** Signed-in only: a visitor without a session is sent to /login and brought back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <ComingSoon title="Checkout" />;
}
