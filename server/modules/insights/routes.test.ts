import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../../common/insights.ts';
import { INSIGHT_PERIOD_RULE } from '../../../common/messages/insights.ts';
import { cardEventDays, cardEvents, users } from '../../db/schema/index.ts';
import { addDayRows, addEvents, rollThrough } from '../../test/insight-rows.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';
import { insightsSchema } from './responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = () => utcDay(new Date());
const yesterday = () => utcDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
const insights = (cookie: string | undefined, query = '') =>
  request(t, { url: `/api/auth/insights/${query}`, cookie });
const patchCard = (cookie: string, body: object) =>
  request(t, { method: 'PATCH', url: '/api/auth/profile/card/', cookie, body });

async function rowsOf(ownerId: number) {
  const db = t.database.db;
  const [events] = await db.select({ n: count() }).from(cardEvents).where(eq(cardEvents.ownerId, ownerId));
  const [days] = await db
    .select({ n: count() })
    .from(cardEventDays)
    .where(eq(cardEventDays.ownerId, ownerId));
  return { events: events?.n, days: days?.n };
}

/** A day rolled up (yesterday) and two views today by one visitor. */
async function seedViews(ownerId: number, views = 3) {
  await rollThrough(t.database.db, yesterday());
  await addDayRows(t.database.db, [
    { ownerId, day: yesterday(), kind: 'view', source: '*', events: views, visitors: views },
    { ownerId, day: yesterday(), kind: 'view', source: 'tap', events: views, visitors: views },
  ]);
  await addEvents(t.database.db, [
    { ownerId, kind: 'view', source: 'qr', visitor: 'v', at: new Date().toISOString() },
    { ownerId, kind: 'view', source: 'qr', visitor: 'v', at: new Date().toISOString() },
  ]);
}

describe('GET /api/auth/insights/', () => {
  it('answers the signed-in owner their own figures, never cached', async () => {
    const owner = await signedInUser(t);
    await seedViews(owner.id);
    const response = await insights(owner.cookie, '?days=7');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = insightsSchema.parse(response.body);
    expect(body.days).toBe(7);
    expect(body.totals).toEqual({ views: 5, visitors: 4, saves: 0, clicks: 0, exchanges: 0 });
    expect(body.daily.slice(-2).map((day) => [day.day, day.views, day.visitors])).toEqual([
      [yesterday(), 3, 3],
      [today(), 2, 1],
    ]);
    // 30 days when the period is left out.
    expect((await insights(owner.cookie)).body.daily).toHaveLength(30);
  });

  it('gives another user their own, empty figures and no way to ask for someone else’s', async () => {
    const owner = await signedInUser(t);
    await seedViews(owner.id);
    const other = await signedInUser(t);
    const own = await insights(other.cookie, '?days=90');
    expect(own.status).toBe(200);
    expect(own.body.totals).toEqual({ views: 0, visitors: 0, saves: 0, clicks: 0, exchanges: 0 });
    expect(own.body.daily).toHaveLength(90);
    for (const query of [
      `?owner=${owner.id}`,
      `?days=7&user_id=${owner.id}`,
      `?username=${owner.username}`,
    ]) {
      const response = await insights(other.cookie, query);
      expect(response.status, query).toBe(400);
    }
  });

  it('answers 401 to a signed-out visitor and 400 to a period it does not offer', async () => {
    const signedOut = await insights(undefined, '?days=7');
    expect(signedOut.status).toBe(401);
    const owner = await signedInUser(t);
    for (const days of ['1', '14', '365', 'x', '']) {
      const response = await insights(owner.cookie, `?days=${days}`);
      expect(response.status, days).toBe(400);
      expect(response.body.errors?.days).toEqual([INSIGHT_PERIOD_RULE]);
    }
  });
});

describe('the insights switch', () => {
  it('is on for a new account and shows in the owner’s profile', async () => {
    const owner = await signedInUser(t);
    const profile = await request(t, { url: '/api/auth/profile/', cookie: owner.cookie });
    expect(profile.body.insights_enabled).toBe(true);
  });

  it('turned off, deletes every event and daily total of that owner only, and starts from zero when back on', async () => {
    const owner = await signedInUser(t);
    const neighbour = await signedInUser(t);
    await seedViews(owner.id);
    await seedViews(neighbour.id);
    expect(await rowsOf(owner.id)).toEqual({ events: 2, days: 2 });

    const off = await patchCard(owner.cookie, { insights_enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.insights_enabled).toBe(false);
    expect(await rowsOf(owner.id)).toEqual({ events: 0, days: 0 });
    const figures = (await insights(owner.cookie, '?days=7')).body;
    expect(figures.enabled).toBe(false);
    expect(figures.totals.views).toBe(0);
    expect((await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]?.insightsEnabled).toBe(
      false,
    );
    // The neighbour's figures are untouched.
    expect(await rowsOf(neighbour.id)).toEqual({ events: 2, days: 2 });
    expect((await insights(neighbour.cookie, '?days=7')).body.totals.views).toBe(5);

    const on = await patchCard(owner.cookie, { insights_enabled: true });
    expect(on.body.insights_enabled).toBe(true);
    const after = (await insights(owner.cookie, '?days=7')).body;
    expect(after).toMatchObject({ enabled: true, totals: { views: 0 } });
  });

  it('refuses anything but a boolean', async () => {
    const owner = await signedInUser(t);
    expect((await patchCard(owner.cookie, { insights_enabled: 'no' })).status).toBe(400);
  });
});

it('deletes an account’s events and daily totals with the account', async () => {
  const owner = await signedInUser(t);
  await seedViews(owner.id);
  expect(await rowsOf(owner.id)).toEqual({ events: 2, days: 2 });
  await t.database.db.delete(users).where(eq(users.id, owner.id));
  expect(await rowsOf(owner.id)).toEqual({ events: 0, days: 0 });
});

describe('the firm’s dashboard', () => {
  it('shows card views per day summed across owners, and no admin route answers one owner’s figures', async () => {
    const admin = await signedInAdmin(t);
    const dashboard = async () =>
      (await request(t, { url: '/api/admin/dashboard/?days=7', cookie: admin.cookie })).body;
    const before = await dashboard();
    // Figures no other part of the answers can contain by chance.
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    await seedViews(first.id, 70913);
    await seedViews(second.id, 80929);
    const after = await dashboard();
    expect(after.card_taps).toHaveLength(7);
    expect(after.card_taps.at(-2).value - before.card_taps.at(-2).value).toBe(70913 + 80929);
    expect(after.card_other_views.at(-1).value - before.card_other_views.at(-1).value).toBe(4);

    const routes = t.app.routeList.filter(
      (route) => route.url.startsWith('/api/admin/') && route.method === 'GET',
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      for (const id of [first.id, second.id]) {
        const url = route.url.replace(/:[a-z_]+/g, String(id));
        const response = await request(t, { url, cookie: admin.cookie });
        expect(response.text, url).not.toMatch(/70913|80929|70915|80931/);
      }
    }
  });
});
