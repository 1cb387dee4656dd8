import {
  type APIRequestContext,
  type BrowserContext,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { productLinks, serviceLinks } from '../../content/navigation.ts';
import { DEMO_CARD_OWNERS } from '../../server/test/card-owners.ts';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, hydrated, newTab, test } from './support/fixtures.ts';
import {
  type MailedServer,
  registerActiveUser,
  startMailedServerWithAdmin,
} from './support/mailed-server.ts';

/**
 * No layout breaks at any width (issue 13): every route, signed out, signed in and as an admin, at six
 * widths. One tab per role; each page is opened once and re-measured after each resize.
 */
const WIDTHS = [320, 390, 768, 1024, 1280, 1440];
const HEIGHT = 800;

let site: MailedServer;
// Long names: the header must hold "Welcome Maximilian-Alexander", Admin and Logout.
const admin = {
  email: 'owner@example.test',
  password: 'Owner-Pass-2026',
  firstName: 'Maximilian-Alexander',
};
const customer = {
  firstName: 'Alexandra',
  lastName: 'Montgomery-Fairweather',
  email: `alexandra.${Date.now()}@example.test`,
  password: 'Blue-Harbour-42',
};
const username = 'alexandra-montgomery';
const cardSlug = 'classic-intro-card-matte-black';
const demoSerial = 'ECD1DD829NKP';
// The customer's cards: one locked as lost, one offered to a long address (its link's page is a stop).
const lostSerial = '4RRFNHHHCTE2';
const offeredSerial = 'KMQ8CB9YWGJD';
let transferPath = '';
let orderId = 0;
let customerId = 0;

test.beforeAll(async () => {
  // A server of its own with an admin (on a busy machine its start-up alone can take most of 30 s).
  test.setTimeout(120_000);
  site = await startMailedServerWithAdmin(admin, DEMO_CARD_OWNERS);
  await registerActiveUser(site, customer);
  await giveCustomerHistory();
});

test.afterAll(async () => {
  await site?.close();
});

/** A profile with long values, an address, an order and a message to the firm: pages with something in them. */
async function giveCustomerHistory() {
  const request = await playwrightRequest.newContext({ baseURL: site.baseUrl });
  await signIn(request, customer);
  const headers = { origin: site.baseUrl };
  const profile = await request.put(`${site.baseUrl}/api/auth/profile/`, {
    headers,
    multipart: {
      username,
      company: 'Montgomery & Fairweather Consulting Partners',
      job_title: 'Head of International Business Development',
      phone: '+44 20 7946 0958',
      bio: 'Twenty years of helping small firms sell abroad.',
    },
  });
  expect(profile.status()).toBe(200);
  customerId = (await profile.json()).id;
  // Every field shown and long links: the most a card page and the /profile editors have to fit.
  const shown = await request.patch(`${site.baseUrl}/api/auth/profile/card/`, {
    headers,
    data: { public_fields: ['email', 'phone', 'company', 'job_title', 'location', 'bio'] },
  });
  expect(shown.status()).toBe(200);
  const links = await request.put(`${site.baseUrl}/api/auth/profile/links/`, {
    headers,
    data: {
      links: [
        {
          title: 'LinkedIn: Alexandra Montgomery-Fairweather',
          url: 'https://www.linkedin.com/in/alexandra-montgomery-fairweather-0123456789',
          icon: 'linkedin',
          enabled: true,
        },
        {
          title: 'GitHub',
          url: 'https://github.com/alexandra-montgomery-fairweather',
          icon: 'github',
          enabled: true,
        },
      ],
    },
  });
  expect(links.status()).toBe(200);
  const saved = await request.post(`${site.baseUrl}/api/auth/address/`, {
    data: {
      address: '1234 Extraordinarily Long Boulevard Name, Apartment 56B',
      city: 'Llanfairpwllgwyngyll',
      state: 'Anglesey',
      country: 'United Kingdom of Great Britain and Northern Ireland',
      postal_code: 'LL61 5UJ',
    },
    headers,
  });
  expect(saved.status()).toBe(201);
  const address = await saved.json();
  const card = await (await request.get(`${site.baseUrl}/api/cards/${cardSlug}/`)).json();
  const placed = await request.post(`${site.baseUrl}/api/orders/`, {
    data: { address: address.id, items: [{ card: card.id, quantity: 3, design: card.category }] },
    headers: { ...headers, 'idempotency-key': `e2e-layout-${Date.now()}` },
  });
  expect(placed.status()).toBe(201);
  orderId = (await placed.json()).id;
  const lead = await request.post(`${site.baseUrl}/api/contact/`, {
    data: {
      firstName: customer.firstName,
      email: customer.email,
      phoneNumber: '+44 20 7946 0958',
      subject: 'Two hundred cards for our whole sales team, with our logo on the back',
      message: 'Hello,\nwe would like a quote. '.repeat(20),
      website: '',
    },
    headers,
  });
  expect(lead.status()).toBe(201);
  for (const serial of [lostSerial, offeredSerial]) {
    const claimed = await request.post(`${site.baseUrl}/api/auth/cards/claim/`, {
      data: { serial },
      headers,
    });
    expect(claimed.status()).toBe(201);
  }
  const locked = await request.post(`${site.baseUrl}/api/auth/cards/${lostSerial}/lost/`, { headers });
  expect(locked.status()).toBe(200);
  const taker = `maximiliana.von-hohenzollern-sigmaringen.${Date.now()}@example-partners.test`;
  const offered = await request.post(`${site.baseUrl}/api/auth/cards/${offeredSerial}/transfer/`, {
    data: { email: taker },
    headers,
  });
  expect(offered.status()).toBe(201);
  transferPath = new URL(linkIn(await site.smtp.waitFor(taker), '/transfer')).pathname;
  await request.dispose();
}

/** A stop on the tour: a path, and what to do there before measuring (open a tab, a form, a dialog). */
interface Stop {
  path: string;
  name?: string;
  prepare?: (page: Page) => Promise<void>;
  /** A page without React on the client (the card page): nothing to wait for. */
  bare?: boolean;
}

/**
 * Runs in the page: every way the layout can break at the current width, as readable lines.
 * - the document is wider than the window (the page scrolls sideways);
 * - a form control sticks out of its form, of the card around it, or of the window;
 * - text or a bordered box touches the window's edge without being a full-width band;
 * - the header's items wrap, grow the header or leave the window;
 * - the document goes on below the footer (something invisible still taking room).
 */
function findBreaks(): string[] {
  const found: string[] = [];
  const vw = window.innerWidth;
  const EDGE = 8;
  const nameOf = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    const label = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? '';
    return `<${element.tagName.toLowerCase()}${id}${classes}>${label ? `[${label}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  const round = (value: number) => Math.round(value);

  /** The part of a rectangle its clipping ancestors let show (scroll areas, clipped carousels). */
  const clipped = (element: Element, rect: DOMRect, only?: 'scroll') => {
    let { left, right, top, bottom } = rect;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      const clipsX = only === 'scroll' ? /auto|scroll/.test(style.overflowX) : style.overflowX !== 'visible';
      const clipsY = only === 'scroll' ? /auto|scroll/.test(style.overflowY) : style.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const box = parent.getBoundingClientRect();
      if (clipsX) {
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (clipsY) {
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
    }
    return { left, right, width: right - left, height: bottom - top };
  };
  const shown = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  /** Hidden on purpose: a visually-hidden label, the honeypot field, a collapsed carousel slide. */
  const hiddenOnPurpose = (element: Element) => {
    const visible = clipped(element, element.getBoundingClientRect());
    return visible.width < 2 || visible.height < 2;
  };

  const root = document.documentElement;
  if (root.scrollWidth > vw) {
    const culprits = [...document.body.querySelectorAll('*')]
      .filter(
        (element) => shown(element) && clipped(element, element.getBoundingClientRect()).right > vw + 0.5,
      )
      .filter(
        (element) => ![...element.children].some((child) => child.getBoundingClientRect().right > vw + 0.5),
      )
      .slice(0, 4)
      .map(nameOf);
    found.push(`the page scrolls sideways (${root.scrollWidth}px in ${vw}px): ${culprits.join(', ')}`);
  }

  // Form controls inside their form, their card and the window.
  const isCard = (element: Element) => {
    const style = getComputedStyle(element);
    return (
      parseFloat(style.borderLeftWidth) > 0 ||
      parseFloat(style.borderRightWidth) > 0 ||
      style.boxShadow !== 'none'
    );
  };
  const scopes = [document.querySelector('main'), ...document.querySelectorAll('dialog[open]')];
  for (const scope of scopes) {
    if (!scope) continue;
    for (const control of scope.querySelectorAll('input, select, textarea, button')) {
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
      if (!shown(control) || hiddenOnPurpose(control)) continue;
      const box = clipped(control, control.getBoundingClientRect(), 'scroll');
      if (box.width <= 0) continue; // scrolled out of a scroll area: the user scrolls to it
      const containers: Element[] = [];
      const form = control.closest('form');
      if (form) containers.push(form);
      for (
        let parent = control.parentElement;
        parent && parent !== scope.parentElement;
        parent = parent.parentElement
      ) {
        if (isCard(parent)) {
          containers.push(parent);
          break;
        }
      }
      for (const container of containers) {
        const outer = clipped(container, container.getBoundingClientRect(), 'scroll');
        if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) {
          found.push(
            `${nameOf(control)} (${round(box.left)}–${round(box.right)}) sticks out of ${nameOf(container)} (${round(outer.left)}–${round(outer.right)})`,
          );
        }
      }
      if (box.left < -0.5 || box.right > vw + 0.5) {
        found.push(`${nameOf(control)} (${round(box.left)}–${round(box.right)}) leaves the window`);
      }
    }
  }

  // Nothing but full-width bands touches the window's edges.
  const reported = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || reported.has(parent)) continue;
    if (!shown(parent) || hiddenOnPurpose(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = clipped(parent, range.getBoundingClientRect());
    if (text.width < 1) continue;
    if (text.left < EDGE || text.right > vw - EDGE) {
      reported.add(parent);
      found.push(
        `text of ${nameOf(parent)} touches the window's edge (${round(text.left)}–${round(text.right)})`,
      );
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (!isCard(element) || !shown(element) || hiddenOnPurpose(element)) continue;
    const box = clipped(element, element.getBoundingClientRect());
    const band = box.left <= 0.5 && box.right >= vw - 0.5;
    if (!band && (box.left < EDGE || box.right > vw - EDGE)) {
      found.push(`${nameOf(element)} touches the window's edge (${round(box.left)}–${round(box.right)})`);
    }
  }

  // The header: one line, nothing outside the window.
  const header = document.querySelector('.site-header');
  if (header) {
    const height = header.getBoundingClientRect().height;
    const expected = parseFloat(getComputedStyle(root).getPropertyValue('--header-h')) + 1;
    if (height > expected + 0.5)
      found.push(`the header is ${round(height)}px high (one line is ${expected}px)`);
    for (const item of header.querySelectorAll(
      '.site-header-brand, .site-header-nav .site-header-link, .site-header-actions > *, .site-header-account > *',
    )) {
      if (!shown(item)) continue;
      const box = item.getBoundingClientRect();
      if (box.left < -0.5 || box.right > vw + 0.5) {
        found.push(
          `header item ${nameOf(item)} is outside the window (${round(box.left)}–${round(box.right)})`,
        );
      }
      // A line break inside one text, or between the texts the item holds itself ("Welcome " "Max").
      const lines = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => round(r.bottom));
      };
      const texts = [...item.childNodes].filter(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      const wrapped =
        texts.some((node) => new Set(lines(node)).size > 1) || new Set(texts.flatMap(lines)).size > 1;
      if (wrapped) found.push(`header item ${nameOf(item)} wraps`);
    }
  }
  // The page ends with the footer.
  const footer = document.querySelector('body footer.site-footer');
  if (footer) {
    const end = footer.getBoundingClientRect().bottom + window.scrollY;
    if (root.scrollHeight > end + 1) {
      found.push(`the document runs ${round(root.scrollHeight - end)}px below the footer`);
    }
  }
  return found;
}

/**
 * Opens each stop once and measures it at every width; returns what broke, per stop and width. Signed
 * in, it waits for the header's account links, which fill in after the session is restored.
 */
async function tour(page: Page, stops: Stop[], signedIn = false): Promise<string[]> {
  const failures: string[] = [];
  for (const stop of stops) {
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: HEIGHT });
    const response = await page.goto(`${site.baseUrl}${stop.path}`);
    expect(response?.status(), stop.path).toBeLessThan(500);
    if (!stop.bare) await hydrated(page);
    if (signedIn) await expect(loggedInMark(page)).toBeAttached();
    await stop.prepare?.(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      // Let layout and any resize handlers settle before measuring.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const breaks = await page.evaluate(findBreaks);
      for (const line of breaks) failures.push(`${stop.name ?? stop.path} @${width}: ${line}`);
    }
  }
  return failures;
}

/**
 * The header is marked signed in once the page knows who is (a light page holds a hidden Logout either way);
 * the admin console's own header is only ever rendered for a signed-in admin.
 */
const loggedInMark = (page: Page) => page.locator('header.site-header.is-signed-in, header.admin-header');

async function signIn(context: BrowserContext | APIRequestContext, who: { email: string; password: string }) {
  const request = 'request' in context ? context.request : context;
  const response = await request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: who.email, password: who.password },
    headers: { origin: site.baseUrl },
  });
  expect(response.status()).toBe(200);
}

/** One card in the browser's cart, as the card page would put it there. */
async function fillCart(page: Page) {
  const card = await (await page.request.get(`${site.baseUrl}/api/cards/${cardSlug}/`)).json();
  await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([item])), {
    card: { id: card.id, name: card.name, slug: card.slug, price: card.price, cover_image: card.cover_image },
    design: card.category,
    quantity: 2,
  });
}

const openDialog = (button: string, title: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
};

const clickTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('form', { name })).toBeVisible();
};

test('public pages have no layout breaks at any width', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await newTab(context);
  await page.goto(`${site.baseUrl}/`);
  await fillCart(page);
  const stops: Stop[] = [
    { path: '/' },
    { path: '/about' },
    { path: '/services' },
    ...serviceLinks.map((link) => ({ path: link.to })),
    ...productLinks.map((link) => ({ path: link.to })),
    { path: '/contact' },
    { path: '/faq' },
    { path: '/blog' },
    { path: '/blog/cloud-costs-small-companies-forget' },
    { path: '/privacy' },
    { path: '/terms' },
    { path: '/cards' },
    { path: `/cards/${cardSlug}` },
    { path: '/login' },
    { path: '/login', name: '/login (Register tab)', prepare: clickTab('Register') },
    { path: '/forgot-password' },
    { path: '/reset-password/1/not-a-token' },
    { path: '/activate/1/not-a-token' },
    { path: '/confirm-email/1/not-a-token' },
    { path: '/secure-account/1/not-a-token' },
    { path: '/unlock/1/not-a-token' },
    { path: '/verify' },
    { path: `/verify?code=${demoSerial}` },
    { path: `/c/${demoSerial}` },
    { path: `/c/${lostSerial}` },
    { path: transferPath },
    { path: '/transfer/not-a-token' },
    { path: '/team-card/not-a-token' },
    { path: '/proof/not-a-token' },
    { path: '/cart' },
    { path: `/profile/${username}`, bare: true },
    // Filled-in cards: a photo, every field and six links; initials, a long name and a long link title.
    ...DEMO_CARD_OWNERS.map((owner) => ({ path: `/profile/${owner.username}`, bare: true })),
    { path: '/profile/nobody-by-this-name', bare: true },
    { path: '/no-such-page' },
  ];
  const failures = await tour(page, stops);
  await context.close();
  expect(failures).toEqual([]);
});

test('signed-in pages have no layout breaks at any width', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await signIn(context, customer);
  const page = await newTab(context);
  await page.goto(`${site.baseUrl}/`);
  await fillCart(page);
  const stops: Stop[] = [
    { path: '/' },
    { path: '/profile' },
    {
      path: '/profile',
      name: '/profile (editing)',
      prepare: async (tab) => {
        await tab.getByRole('button', { name: 'Edit', exact: true }).click();
        await expect(tab.getByRole('form', { name: 'Edit profile' })).toBeVisible();
      },
    },
    {
      path: '/profile',
      name: '/profile (QR code dialog)',
      prepare: openDialog('QR', 'Scan Contact'),
    },
    {
      path: '/profile',
      name: '/profile (Transfer card dialog)',
      prepare: openDialog('Transfer card KMQ8-CB9Y-WGJD', 'Transfer card'),
    },
    {
      path: '/profile',
      name: '/profile (Release card dialog)',
      prepare: openDialog('Release card KMQ8-CB9Y-WGJD', 'Release card'),
    },
    {
      path: '/profile',
      name: '/profile (Turn insights off dialog)',
      prepare: async (tab) => {
        await tab.getByRole('switch', { name: 'Count visits to my card' }).click();
        await expect(tab.getByRole('dialog', { name: 'Turn insights off?' })).toBeVisible();
      },
    },
    { path: transferPath, name: '/transfer (signed in with another account)' },
    {
      path: '/profile',
      name: '/profile (Add address dialog)',
      prepare: openDialog('Add Address', 'Add Address'),
    },
    { path: '/checkout' },
    {
      path: '/checkout',
      name: '/checkout (Add address dialog)',
      prepare: openDialog('Add a new address', 'Add Address'),
    },
    { path: `/order-success?order=${orderId}` },
    { path: '/cart' },
  ];
  const failures = await tour(page, stops, true);
  await context.close();
  expect(failures).toEqual([]);
});

test('admin pages have no layout breaks at any width', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await signIn(context, admin);
  const page = await newTab(context);
  const stops: Stop[] = [
    { path: '/admin' },
    { path: '/admin/orders' },
    { path: `/admin/orders/${orderId}` },
    { path: '/admin/cards' },
    { path: '/admin/cards/new' },
    { path: '/admin/cards/1' },
    { path: '/admin/serials' },
    { path: '/admin/serials/block' },
    { path: `/admin/serials/${demoSerial}` },
    { path: `/admin/serials/${lostSerial}` },
    { path: '/admin/users' },
    { path: `/admin/users/${customerId}` },
    { path: '/admin/leads' },
    { path: '/admin/shipping' },
    { path: '/admin/bank' },
    { path: '/admin/audit' },
    { path: '/about' },
  ];
  const failures = await tour(page, stops, true);
  await context.close();
  expect(failures).toEqual([]);
});

test('signed in as an admin, the header is either whole on one line or folded into the menu', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await signIn(context, admin);
  const page = await newTab(context);
  await page.goto(`${site.baseUrl}/cards`);
  await hydrated(page);
  await expect(loggedInMark(page)).toBeAttached();
  const header = page.getByRole('banner');
  const logout = header.getByRole('button', { name: 'Logout' });
  const menu = header.getByRole('button', { name: 'Open menu' });
  // 1024 is where Logout was pushed off screen; 1200 is the narrowest width with the whole header.
  for (const width of [1024, 1199, 1200]) {
    await page.setViewportSize({ width, height: HEIGHT });
    if (width >= 1200) {
      await expect(menu).toBeHidden();
      for (const item of [
        header.getByRole('link', { name: /Nexa Digital/ }),
        header.getByRole('navigation', { name: 'Main' }),
        header.getByRole('link', { name: `Welcome ${admin.firstName}` }),
        header.getByRole('link', { name: 'Admin', exact: true }),
        logout,
      ]) {
        await expect(item).toBeInViewport({ ratio: 1 });
        expect((await item.boundingBox())?.height ?? 0, `${item} on one line`).toBeLessThanOrEqual(44);
      }
    } else {
      await expect(logout).toBeHidden();
      await expect(menu).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  // Folded, Logout is in the menu.
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await menu.click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }),
  ).toBeVisible();
  await context.close();
});
