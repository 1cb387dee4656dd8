import { describe, expectTypeOf, it } from 'vitest';
import type { Detail } from '../../server/http/common-responses';
import type { OrderList } from '../../server/modules/orders/responses';
import type { LoginAnswer } from '../../server/modules/profiles/responses';
import type { SerialSignals } from '../../server/modules/registry/anomalies/schemas';
import type { AdminSerial, ClaimedCard, SerialImport } from '../../server/modules/registry/responses';
import type { api, download } from './api';

type Answer<Call extends (...args: never[]) => unknown> = Awaited<ReturnType<Call>>;

// Type-level checks: `npm run typecheck` fails when one does not hold; the test itself only runs.
describe('the route map', () => {
  it('gives each call its answer type, without a type argument', () => {
    const call = (() => undefined) as unknown as typeof api;
    const serial: string = 'AB12';
    const page: number = 2;
    const login = () => call('/auth/login/', { method: 'POST', body: {} });
    expectTypeOf<Answer<typeof login>>().toEqualTypeOf<LoginAnswer>();
    const logout = () => call('/auth/logout/', { method: 'POST' });
    expectTypeOf<Answer<typeof logout>>().toEqualTypeOf<Detail>();
    const claim = () => call('/auth/cards/claim/', { method: 'POST', body: {} });
    expectTypeOf<Answer<typeof claim>>().toEqualTypeOf<ClaimedCard>();
    const release = () => call(`/auth/cards/${serial}/`, { method: 'DELETE' });
    expectTypeOf<Answer<typeof release>>().toEqualTypeOf<undefined>();
    const cancel = () => call(`/auth/cards/${serial}/transfer/`, { method: 'DELETE' });
    expectTypeOf<Answer<typeof cancel>>().toEqualTypeOf<undefined>();
    // A literal path is its own route, not the pattern beside it.
    const imported = () => call('/admin/serials/import/', { method: 'POST', body: {} });
    expectTypeOf<Answer<typeof imported>>().toEqualTypeOf<SerialImport>();
    const changed = () => call(`/admin/serials/${serial}/`, { method: 'POST', body: {} });
    expectTypeOf<Answer<typeof changed>>().toEqualTypeOf<AdminSerial>();
    const blocked = () => call(`/admin/serials/${serial}/block/`, { method: 'POST', body: {} });
    expectTypeOf<Answer<typeof blocked>>().toEqualTypeOf<SerialSignals>();
    // A GET may carry a query; a GET needs no options.
    const orders = () => call(`/orders/?page=${page}`);
    expectTypeOf<Answer<typeof orders>>().toEqualTypeOf<OrderList>();
  });

  it('refuses a path or method not in the map', () => {
    const call = (() => undefined) as unknown as typeof api;
    // @ts-expect-error: no such path
    void (() => call('/auth/nowhere/', { method: 'POST' }));
    // @ts-expect-error: the login is a POST
    void (() => call('/auth/login/'));
    // @ts-expect-error: the claim is a POST, not a PUT
    void (() => call('/auth/cards/claim/', { method: 'PUT' }));
    // @ts-expect-error: only a GET takes a query
    void (() => call('/auth/logout/?now=1', { method: 'POST' }));
    const file = (() => undefined) as unknown as typeof download;
    void (() => file('/admin/serials/batch/', { method: 'POST', body: {} }));
    // @ts-expect-error: a JSON answer is api()'s, not download()'s
    void (() => file('/admin/serials/import/', { method: 'POST', body: {} }));
  });
});
