import type { Page } from '@playwright/test';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

// The worker's shared server, which sends real mail to an SMTP capture; the journey runs in order.
test.describe.configure({ mode: 'serial' });
test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

let server: MailedServer;

test.beforeAll(async ({ sharedSite }) => {
  server = asSpecClient(sharedSite, import.meta.filename);
});

const email = `ada.${Date.now()}@example.test`;
const firstPassword = 'Blue-Harbour-42';
const newPassword = 'Green-Valley-77';

async function logIn(page: Page, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('register, activate from the e-mail, log in, see Welcome, log out', async ({ page }) => {
  await page.goto(`${server.baseUrl}/login`);
  await hydrated(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(firstPassword);
  await form.getByLabel('Confirm password').fill('Something-else-1');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();

  await form.getByLabel('Confirm password').fill(firstPassword);
  await form.getByRole('button', { name: 'Register' }).click();
  // The spec's toast, word for word and alone; what to do next is on the page, above the login form.
  const registered = page.locator('[data-sonner-toast]').filter({ hasText: 'Check your email' });
  await expect(registered).toHaveText('Check your email to activate your account.');
  await expect(
    page.getByText(`We sent an activation link to ${email}: open it, then log in here.`),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Once your account is active, your card page shows your name, photo and job title until you turn more on.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(email);

  const mail = await server.smtp.waitFor(email);
  const link = linkIn(mail, '/activate');
  expect(link.startsWith(server.baseUrl)).toBe(true);
  // The mail says where the card page is (its address on a line of its own) and what it shows.
  expect(mail.text).toMatch(
    new RegExp(
      `Your card page:\\n${server.baseUrl}/profile/ada-lovelace(?:-\\d+)?\\n\\nIt shows your name, photo and job title until you turn more on\\.`,
    ),
  );
  const cardNotice = new RegExp(
    `Your card page is ${server.baseUrl}/profile/ada-lovelace(?:-\\d+)?; it shows your name, photo and job title until you turn more on\\.`,
  );
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByText('Account activated! You can now log in.')).toBeVisible();
  // The same link again: used up.
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Invalid or expired activation link.')).toBeVisible();

  await page.goto(`${server.baseUrl}/login`);

  await hydrated(page);
  await logIn(page, firstPassword);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(`${server.baseUrl}/profile`);
  await expect(page.getByRole('link', { name: 'Welcome Ada' })).toBeVisible();
  await expect(page.getByRole('article').getByText(email)).toBeVisible();
  // The first visit says it again, with the page's address.
  await expect(
    page.getByRole('region', { name: 'What your card shows' }).getByText(cardNotice),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // The session survives a reload (restored on start-up from the cookie).
  await page.reload();
  await expect(page.getByRole('link', { name: 'Welcome Ada' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(`${server.baseUrl}/login`);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto(`${server.baseUrl}/profile`);
  await hydrated(page);
  await expect(page).toHaveURL(`${server.baseUrl}/login?next=%2Fprofile`);
});

test('forgot password, reset from the e-mail, old password refused, new one works', async ({ page }) => {
  await page.goto(`${server.baseUrl}/forgot-password`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If account exists, a reset link has been sent.')).toBeVisible();
  await expect(page).toHaveURL(`${server.baseUrl}/`);

  const link = linkIn(
    await server.smtp.waitFor(email, (mail) => mail.subject.includes('Reset')),
    '/reset-password',
  );
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill('Not-the-same-9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(link);

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expect(page).toHaveURL(`${server.baseUrl}/`);

  await page.goto(`${server.baseUrl}/login`);

  await hydrated(page);
  await logIn(page, firstPassword);
  await expect(page.getByText('Invalid credentials or unverified account')).toBeVisible();
  await logIn(page, newPassword);
  await expect(page).toHaveURL(`${server.baseUrl}/profile`);
});

test('private pages send visitors to login and back; a foreign next is ignored', async ({ page }) => {
  await page.goto(`${server.baseUrl}/checkout`);
  await hydrated(page);
  await expect(page).toHaveURL(`${server.baseUrl}/login?next=%2Fcheckout`);
  await logIn(page, newPassword);
  await expect(page).toHaveURL(`${server.baseUrl}/checkout`);

  for (const next of ['https://evil.example/', '//evil.example/', '/.//evil.example/']) {
    await page.goto(`${server.baseUrl}/login?next=${encodeURIComponent(next)}`);
    await hydrated(page);
    await logIn(page, newPassword);
    await expect(page).toHaveURL(`${server.baseUrl}/profile`);
  }
});

test('a buyer who registers on the way to checkout comes back to checkout after activating', async ({
  page,
}) => {
  const buyer = `buyer.${Date.now()}@example.test`;
  await page.goto(`${server.baseUrl}/checkout`);
  await hydrated(page);
  await expect(page).toHaveURL(`${server.baseUrl}/login?next=%2Fcheckout`);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill('Bea');
  await form.getByLabel('Last name').fill('Buyer');
  await form.getByLabel('Email').fill(buyer);
  await form.getByLabel('Password', { exact: true }).fill(firstPassword);
  await form.getByLabel('Confirm password').fill(firstPassword);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Check your email to activate your account.')).toBeVisible();

  const link = linkIn(await server.smtp.waitFor(buyer), '/activate');
  expect(new URL(link).searchParams.get('next')).toBe('/checkout');
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByText('Account activated! You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/login?next=%2Fcheckout`);
  const login = page.getByRole('form', { name: 'Login' });
  // The activated address is filled in.
  await expect(login.getByLabel('Email')).toHaveValue(buyer);
  await login.getByLabel('Password').fill(firstPassword);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/checkout`);
});

test('a cross-site form post cannot log anyone out', async ({ page, context }) => {
  await page.goto(`${server.baseUrl}/login`);
  await hydrated(page);
  await logIn(page, newPassword);
  await expect(page).toHaveURL(`${server.baseUrl}/profile`);
  // Another site (a data: page here) posts to the logout endpoint with the visitor's browser.
  const evil = await context.newPage();
  await evil.setContent(
    `<form id="f" method="POST" action="${server.baseUrl}/api/auth/logout/"></form><script>document.getElementById('f').submit()</script>`,
  );
  await evil.waitForLoadState('load');
  await expect(evil.locator('body')).toContainText('Cross-site request refused.');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Welcome Ada' })).toBeVisible();
});

// These forms call the API from the browser. Posted without JavaScript, they keep the password out of the
// address and say, where the user is looking, that nothing was sent and why.
for (const width of [390, 1280]) {
  test(`at ${width} px without JavaScript, login and forgot password say they need it, in view and focused`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: width === 390 ? 844 : 800 },
      extraHTTPHeaders: clientHeaders(import.meta.filename),
    });
    const page = await context.newPage();
    const answer = page.getByRole('status').filter({ hasText: 'this form needs JavaScript' });
    const expectAnswer = async () => {
      await expect(answer).toHaveText(
        'Nothing was sent: this form needs JavaScript, which is off in this browser. Turn it on for this site and send the form again.',
      );
      await expect(answer).toBeFocused();
      await expect(answer).toBeInViewport({ ratio: 1 });
    };

    await page.goto(`${server.baseUrl}/login`);
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('Secret-in-no-address-1');
    await login.getByRole('button', { name: 'Login' }).click();
    await expectAnswer();
    expect(page.url()).toBe(`${server.baseUrl}/login`);
    await page.screenshot({ path: `/tmp/login-nojs-${width}.png` });

    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectAnswer();
    await context.close();
  });
}
