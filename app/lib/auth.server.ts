import { type AppLoadContext, redirect } from 'react-router';
import { loginPath } from '../../common/safe-next';
import { userView } from '../../server/modules/profiles/user-view.ts';

/** For private pages: the signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext) {
  const user = await context.sessions.userOf(context.sessionToken);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`));
  }
  return userView(context.db, user);
}
