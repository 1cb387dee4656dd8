import { company } from '../../content/company';
import { PageHeader } from '../components/PageHeader';
import { useAuth } from '../lib/auth';
import { requireUser } from '../lib/auth.server';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: `Profile | ${company.name}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

/** The signed-in user's own page; the full profile editor comes with the profile work. */
export default function Profile() {
  const { user, loading } = useAuth();
  return (
    <>
      <PageHeader title="Profile" />
      <section className="container section">
        {loading || !user ? (
          <p role="status">Loading...</p>
        ) : (
          <div className="auth-card">
            <h2>
              {user.first_name} {user.last_name}
            </h2>
            <dl>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Username</dt>
              <dd>{user.username}</dd>
            </dl>
          </div>
        )}
      </section>
    </>
  );
}
