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
import type { CardCheckout, CardRefunds } from '../../server/modules/card-payments/responses';
import type { DeletedContacts, ExchangedContactPage } from '../../server/modules/contacts/responses';
import type { Insights } from '../../server/modules/insights/responses';
import type { AdminLead } from '../../server/modules/leads/responses';
import type { AdminOrder, Order, OrderList, Quote } from '../../server/modules/orders/responses';
import type { BankLine } from '../../server/modules/payments/statements/responses';
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

/**
 * The answers, each by the name its schema gives it (`.meta({ id })`), which is the name of its type: the
 * route list names them, and `server/http/browser-route-map.test.ts` checks each name against the route's
 * documented schema. `none` is a 204's: api() reads no body.
 */
interface Answers {
  Address: Address;
  AdminLead: AdminLead;
  AdminOrder: AdminOrder;
  AdminProofList: AdminProofList;
  AdminSerial: AdminSerial;
  AdminUser: AdminUser;
  BankLine: BankLine;
  BulkBlock: BulkBlock;
  CardCheckout: CardCheckout;
  CardRefunds: CardRefunds;
  ClaimedCard: ClaimedCard;
  CountryRate: CountryRate;
  CustomerProof: CustomerProof;
  DeletedContacts: DeletedContacts;
  Detail: Detail;
  EmailConfirmed: EmailConfirmed;
  ExchangedContactPage: ExchangedContactPage;
  Insights: Insights;
  LoginAnswer: LoginAnswer;
  Order: Order;
  OrderList: OrderList;
  Quote: Quote;
  SerialImport: SerialImport;
  SerialSignals: SerialSignals;
  ShippingZone: ShippingZone;
  User: User;
  VerificationResult: VerificationResult;
  none: undefined;
}

/**
 * Every call the browser makes: method, path as the server writes it (`:id` for a part of the path), and
 * the name of its answer. The types below are derived from it, and the route map's test reads it (a value,
 * not source text). The browser imports only types from this file, so the list itself never reaches its
 * bundle.
 */
export const API_ROUTES = [
  // Accounts: signing in and out, the links in the e-mails.
  ['POST', '/auth/login/', 'LoginAnswer'],
  ['POST', '/auth/register/', 'Detail'],
  ['POST', '/auth/logout/', 'Detail'],
  ['GET', '/auth/activate/:uid/:token/', 'EmailConfirmed'],
  ['POST', '/auth/unlock/:uid/:token/', 'Detail'],
  ['POST', '/auth/forgot-password/', 'Detail'],
  ['POST', '/auth/reset-password/:uid/:token/', 'Detail'],
  ['POST', '/auth/secure-account/:uid/:token/', 'Detail'],
  ['POST', '/auth/email-change/:uid/:token/', 'EmailConfirmed'],
  ['DELETE', '/auth/email-change/', 'User'],
  // The profile and its parts.
  ['PATCH', '/auth/profile/card/', 'User'],
  ['PUT', '/auth/profile/links/', 'User'],
  ['GET', '/auth/insights/', 'Insights'],
  ['POST', '/auth/address/', 'Address'],
  ['PUT', '/auth/address/:id/', 'Address'],
  ['DELETE', '/auth/address/:id/', 'none'],
  ['GET', '/auth/contacts/', 'ExchangedContactPage'],
  ['DELETE', '/auth/contacts/', 'DeletedContacts'],
  ['DELETE', '/auth/contacts/:id/', 'none'],
  // Their cards.
  ['POST', '/auth/cards/claim/', 'ClaimedCard'],
  ['DELETE', '/auth/cards/:serial/', 'none'],
  ['POST', '/auth/cards/:serial/lost/', 'ClaimedCard'],
  ['DELETE', '/auth/cards/:serial/lost/', 'ClaimedCard'],
  ['POST', '/auth/cards/:serial/transfer/', 'ClaimedCard'],
  ['DELETE', '/auth/cards/:serial/transfer/', 'none'],
  ['POST', '/auth/cards/transfers/accept/', 'ClaimedCard'],
  ['POST', '/auth/team-cards/accept/', 'ClaimedCard'],
  // The /verify page's check (a refused one, 404 or 429, answers a body too: api() throws it as ApiError).
  ['GET', '/verify/', 'VerificationResult'],
  // Orders and proofs.
  ['POST', '/orders/quote/', 'Quote'],
  ['POST', '/orders/', 'Order'],
  ['GET', '/orders/', 'OrderList'],
  ['GET', '/orders/:id/', 'Order'],
  ['POST', '/orders/:order/designs/:design/member-link/', 'none'],
  ['POST', '/orders/:order/proof/decision/', 'CustomerProof'],
  ['POST', '/proofs/:token/decision/', 'CustomerProof'],
  // Card payments (only when Stripe is configured).
  ['POST', '/orders/:order/pay/', 'CardCheckout'],
  // The admin.
  ['POST', '/admin/orders/:order/status/', 'AdminOrder'],
  ['POST', '/admin/orders/:order/payments/', 'AdminOrder'],
  ['POST', '/admin/orders/:order/ship-unpaid/', 'AdminOrder'],
  ['POST', '/admin/orders/:order/proofs/', 'AdminProofList'],
  ['POST', '/admin/orders/:order/refunds/', 'CardRefunds'],
  ['PATCH', '/admin/users/:id/', 'AdminUser'],
  ['PATCH', '/admin/leads/:id/', 'AdminLead'],
  ['POST', '/admin/serials/import/', 'SerialImport'],
  ['POST', '/admin/serials/blocks/', 'BulkBlock'],
  ['POST', '/admin/serials/:serial/', 'AdminSerial'],
  ['POST', '/admin/serials/:serial/block/', 'SerialSignals'],
  ['POST', '/admin/serials/:serial/flags/:flag/clear/', 'SerialSignals'],
  ['POST', '/admin/shipping/zones/', 'ShippingZone'],
  ['PATCH', '/admin/shipping/zones/:id/', 'ShippingZone'],
  ['DELETE', '/admin/shipping/zones/:id/', 'none'],
  ['PUT', '/admin/shipping/countries/:code/', 'CountryRate'],
  ['DELETE', '/admin/shipping/countries/:code/', 'none'],
  ['POST', '/admin/bank/lines/:id/assign/', 'BankLine'],
  ['POST', '/admin/bank/lines/:id/ignore/', 'BankLine'],
  ['POST', '/admin/bank/lines/:id/restore/', 'BankLine'],
] as const satisfies readonly (readonly [ApiMethod, `/${string}/`, keyof Answers])[];

/** `/auth/cards/:serial/` → `/auth/cards/${string}/`: the paths api() is called with. */
type PathOf<Pattern extends string> = Pattern extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathOf<Tail>}`
  : Pattern;

interface Route<Method extends ApiMethod, Path extends string, Answer> {
  method: Method;
  path: Path;
  answer: Answer;
}

type RouteOf<Entry> = Entry extends readonly [
  infer Method extends ApiMethod,
  infer Pattern extends string,
  infer Answer extends keyof Answers,
]
  ? Route<Method, PathOf<Pattern>, Answers[Answer]>
  : never;

type ApiRoute = RouteOf<(typeof API_ROUTES)[number]>;

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
