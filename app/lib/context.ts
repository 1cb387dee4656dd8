import type { Db } from '../../server/db/client.ts';
import type { Sessions } from '../../server/modules/accounts/sessions.ts';
import type { ConsultationInput, ContactInput } from '../../server/modules/leads/schemas.ts';

declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
    publicUrl: string;
    cspNonce: string;
    sessions: Sessions;
    /** The session cookie's value, if any. */
    sessionToken: string | undefined;
    /** The contact and consultation forms, for this visitor (their per-client limit applies). */
    leads: {
      contact(input: ContactInput): Promise<void>;
      consultation(input: ConsultationInput): Promise<void>;
    };
  }
}
