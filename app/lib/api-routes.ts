/**
 * The API calls the browser makes, each with the answer its route's schema gives (`responses` in the route's
 * `doc()`): `api()` takes its answer type from here, so a path or method not listed is a type error. Every
 * import is `import type`: the server's zod schemas never reach the browser bundle.
 *
 * A path with an id is a template literal type (`/auth/cards/${string}/`); a GET may add a query
 * (`/orders/?page=2`). A 204 answers `undefined` (api() reads no body).
 */
import type { Detail } from '../../server/http/common-responses';
import type { AdminUser, EmailConfirmed } from '../../server/modules/accounts/responses';
import type { Address } from '../../server/modules/addresses/responses';
import type { CountryRate, ShippingZone } from '../../server/modules/billing/responses';
import type { DeletedContacts, ExchangedContactPage } from '../../server/modules/contacts/responses';
import type { Insights } from '../../server/modules/insights/responses';
import type { AdminLead } from '../../server/modules/leads/responses';
import type { AdminOrder, Order, OrderList, Quote } from '../../server/modules/orders/responses';
import type { LoginAnswer, User } from '../../server/modules/profiles/responses';
import type { AdminProofList, CustomerProof } from '../../server/modules/proofs/responses';
import type { BulkBlock, SerialSignals } from '../../server/modules/registry/anomalies/schemas';
import type {
  AdminSerial,
  ClaimedCard,
  SerialImport,
  VerificationResult,
} from '../../server/modules/registry/responses';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route<Method extends ApiMethod, Path extends string, Answer> {
  method: Method;
  path: Path;
  answer: Answer;
}

type ApiRoute =
  // Accounts: signing in and out, the links in the e-mails.
  | Route<'POST', '/auth/login/', LoginAnswer>
  | Route<'POST', '/auth/register/', Detail>
  | Route<'POST', '/auth/logout/', Detail>
  | Route<'GET', `/auth/activate/${string}/${string}/`, Detail>
  | Route<'POST', `/auth/unlock/${string}/${string}/`, Detail>
  | Route<'POST', '/auth/forgot-password/', Detail>
  | Route<'POST', `/auth/reset-password/${string}/${string}/`, Detail>
  | Route<'POST', `/auth/secure-account/${string}/${string}/`, Detail>
  | Route<'POST', `/auth/email-change/${string}/${string}/`, EmailConfirmed>
  | Route<'DELETE', '/auth/email-change/', User>
  // The profile and its parts.
  | Route<'PATCH', '/auth/profile/card/', User>
  | Route<'PUT', '/auth/profile/links/', User>
  | Route<'GET', '/auth/insights/', Insights>
  | Route<'POST', '/auth/address/', Address>
  | Route<'PUT', `/auth/address/${string}/`, Address>
  | Route<'DELETE', `/auth/address/${string}/`, undefined>
  | Route<'GET', '/auth/contacts/', ExchangedContactPage>
  | Route<'DELETE', '/auth/contacts/', DeletedContacts>
  | Route<'DELETE', `/auth/contacts/${string}/`, undefined>
  // Their cards.
  | Route<'POST', '/auth/cards/claim/', ClaimedCard>
  | Route<'DELETE', `/auth/cards/${string}/`, undefined>
  | Route<'POST', `/auth/cards/${string}/lost/`, ClaimedCard>
  | Route<'DELETE', `/auth/cards/${string}/lost/`, ClaimedCard>
  | Route<'POST', `/auth/cards/${string}/transfer/`, ClaimedCard>
  | Route<'DELETE', `/auth/cards/${string}/transfer/`, undefined>
  | Route<'POST', '/auth/cards/transfers/accept/', ClaimedCard>
  | Route<'POST', '/auth/team-cards/accept/', ClaimedCard>
  // The /verify page's check (a refused one, 404 or 429, answers a body too: api() throws it as ApiError).
  | Route<'GET', '/verify/', VerificationResult>
  // Orders and proofs.
  | Route<'POST', '/orders/quote/', Quote>
  | Route<'POST', '/orders/', Order>
  | Route<'GET', '/orders/', OrderList>
  | Route<'POST', `/orders/${string}/designs/${string}/member-link/`, undefined>
  | Route<'POST', `/orders/${string}/proof/decision/`, CustomerProof>
  | Route<'POST', `/proofs/${string}/decision/`, CustomerProof>
  // The admin.
  | Route<'POST', `/admin/orders/${string}/status/`, AdminOrder>
  | Route<'POST', `/admin/orders/${string}/proofs/`, AdminProofList>
  | Route<'PATCH', `/admin/users/${string}/`, AdminUser>
  | Route<'PATCH', `/admin/leads/${string}/`, AdminLead>
  | Route<'POST', '/admin/serials/import/', SerialImport>
  | Route<'POST', '/admin/serials/blocks/', BulkBlock>
  | Route<'POST', `/admin/serials/${string}/`, AdminSerial>
  | Route<'POST', `/admin/serials/${string}/block/`, SerialSignals>
  | Route<'POST', `/admin/serials/${string}/flags/${string}/clear/`, SerialSignals>
  | Route<'POST', '/admin/shipping/zones/', ShippingZone>
  | Route<'PATCH', `/admin/shipping/zones/${string}/`, ShippingZone>
  | Route<'DELETE', `/admin/shipping/zones/${string}/`, undefined>
  | Route<'PUT', `/admin/shipping/countries/${string}/`, CountryRate>
  | Route<'DELETE', `/admin/shipping/countries/${string}/`, undefined>;

type RoutesOf<Method extends ApiMethod> = ApiRoute extends infer R
  ? R extends Route<infer M, string, unknown>
    ? M extends Method
      ? R
      : never
    : never
  : never;

/** The paths a method may be called with: a listed path, or a GET's path with a query. */
export type ApiPath<Method extends ApiMethod> =
  | RoutesOf<Method>['path']
  | (Method extends 'GET' ? `${RoutesOf<'GET'>['path']}?${string}` : never);

type WithoutQuery<Path extends string> = Path extends `${infer Base}?${string}` ? Base : Path;

/** The routes whose path is exactly this one (`/admin/serials/import/` is not `/admin/serials/${string}/`). */
type ExactRoutes<Method extends ApiMethod, Path extends string> =
  RoutesOf<Method> extends infer R
    ? R extends Route<ApiMethod, infer Pattern, unknown>
      ? [Path] extends [Pattern]
        ? [Pattern] extends [Path]
          ? R
          : never
        : never
      : never
    : never;

/** The routes whose path pattern this path fits. */
type MatchingRoutes<Method extends ApiMethod, Path extends string> =
  RoutesOf<Method> extends infer R
    ? R extends Route<ApiMethod, infer Pattern, unknown>
      ? [Path] extends [Pattern]
        ? R
        : never
      : never
    : never;

/** The answer of a call: the exact route's when there is one, else the routes' whose pattern fits. */
export type ApiAnswer<Method extends ApiMethod, Path extends string> = [
  ExactRoutes<Method, WithoutQuery<Path>>,
] extends [never]
  ? MatchingRoutes<Method, WithoutQuery<Path>>['answer']
  : ExactRoutes<Method, WithoutQuery<Path>>['answer'];

/** The calls whose answer is a file, not JSON: `download()` takes these. */
export type ApiFilePath<Method extends ApiMethod> = Method extends 'POST' ? '/admin/serials/batch/' : never;
