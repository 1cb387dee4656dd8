import type { Db } from '../../server/db/client.ts';
import type { Sessions } from '../../server/modules/accounts/sessions.ts';
import type { ExchangeTarget } from '../../server/modules/contacts/exchange.ts';
import type { ExchangeInput } from '../../server/modules/contacts/exchange-schemas.ts';
import type { ConsultationInput, ContactInput } from '../../server/modules/leads/schemas.ts';
import type { CustomerProof } from '../../server/modules/proofs/responses.ts';
import type { CardTaps } from '../../server/modules/registry/sun/tap-card.ts';

declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
    publicUrl: string;
    /** The SUN master-key version new secure cards get; undefined when no master key is configured. */
    sunKeyVersion: number | undefined;
    cspNonce: string;
    /** Whether the shop takes cards (Stripe is configured): "Pay now" is shown only then. */
    cardPayments: boolean;
    sessions: Sessions;
    /** The session cookie's value, if any. */
    sessionToken: string | undefined;
    /** The contact and consultation forms, for this visitor (their per-client limit applies). */
    leads: {
      contact(input: ContactInput): Promise<void>;
      consultation(input: ConsultationInput): Promise<void>;
    };
    /** The card page's "Share your details", for this visitor (their per-client limit applies). */
    exchange: {
      target(username: string, viewerId?: number): Promise<ExchangeTarget>;
      share(target: ExchangeTarget, input: ExchangeInput): Promise<void>;
    };
    /**
     * A tap of a card's link by this visitor, the signed proof its redirect carries to the card page, and the
     * signed `?via=` of a source the server saw (a tap, the owner's QR code).
     */
    taps: CardTaps;
    /** Proof links (signed with the session secret, which the pages do not hold themselves). */
    proofs: {
      byToken(token: string): Promise<CustomerProof | undefined>;
      /** The path of a fresh link to the newest proof of the user's own order, if it has one. */
      ownLink(userId: number, orderId: number): Promise<string | undefined>;
    };
  }
}
