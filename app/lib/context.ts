import type { Db } from '../../server/db/client.ts';
import type { Sessions } from '../../server/modules/accounts/sessions.ts';

declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
    publicUrl: string;
    cspNonce: string;
    sessions: Sessions;
    /** The session cookie's value, if any. */
    sessionToken: string | undefined;
  }
}
