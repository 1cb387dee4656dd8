import { TOO_MANY_ATTEMPTS } from '../../common/messages/rate-limit.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
});

test('the contact form needs every field, then sends to sales and says so inline', async ({ page }) => {
  await page.goto(`${site.baseUrl}/contact`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByLabel('First name').fill('Margaret');
  await form.getByLabel('Email').fill('margaret@example.test');
  await form.getByLabel('Phone number').fill('+1 415 555 0199');
  await form.getByLabel('Subject').fill('Apollo guidance software');
  // The browser asks for the empty message before anything is sent.
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect(
    await form
      .getByLabel('Message')
      .evaluate((input) => (input as HTMLTextAreaElement).validity.valueMissing),
  ).toBe(true);

  await form.getByLabel('Message').fill('We would like a review of our flight software.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
  await expect(form.getByLabel('First name')).toHaveValue('');
  const mail = await site.smtp.waitFor('sales@shop.test', (m) =>
    m.subject.includes('Apollo guidance software'),
  );
  expect(mail.text).toContain('margaret@example.test');
});

test('a service page’s Free Consultation form sends, naming the service', async ({ page }) => {
  await page.goto(`${site.baseUrl}/services/ai-automotion`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Free Consultation' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.test');
  await form.getByLabel('Message').fill('Can AI read our invoices?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
  await expect(form.getByRole('status')).toBeFocused();
  await expect(form.getByRole('status')).toBeInViewport({ ratio: 1 });
  const mail = await site.smtp.waitFor('sales@shop.test', (m) =>
    m.text.includes('Can AI read our invoices?'),
  );
  expect(mail.text).toContain('Service page: ai-automotion');
});

test('the contact form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/contact`);
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByLabel('First name').fill('Katherine');
  await form.getByLabel('Email').fill('katherine@example.test');
  await form.getByLabel('Phone number').fill('+1 757 555 0100');
  await form.getByLabel('Subject').fill('Orbital mechanics');
  await form.getByLabel('Message').fill('No JavaScript needed.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await site.smtp.waitFor('sales@shop.test', (m) => m.subject.includes('Orbital mechanics'));
  await context.close();
});

// The form is posted and the page comes back at its top: the answer must be where the user is looking.
for (const width of [390, 1280]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`at ${width} px ${javaScriptEnabled ? 'with' : 'without'} JavaScript, the contact form's answer is in view and focused`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width, height: width === 390 ? 844 : 800 },
        // A client of its own: the spec's address has the lead limit's other sends to make.
        extraHTTPHeaders: clientHeaders(`${import.meta.filename}:${width}:${javaScriptEnabled}`),
      });
      const page = await context.newPage();
      await page.goto(`${site.baseUrl}/contact`);
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole('form', { name: 'Contact' });
      await form.getByLabel('First name').fill('Dorothy');
      await form.getByLabel('Email').fill('dorothy@example.test');
      await form.getByLabel('Phone number').fill('+44 20 7946 0101');
      await form.getByLabel('Subject').fill(`Crystallography at ${width}`);
      await form.getByLabel('Message').fill('Where does the answer show?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const answer = form.getByRole('status');
      await expect(answer).toHaveText('Thank you! Your message has been sent.');
      await expect(answer).toBeFocused();
      await expect(answer).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `/tmp/contact-sent-${width}-${javaScriptEnabled ? 'js' : 'nojs'}.png` });
      await context.close();
    });
  }
}

test('a failure is said inline, and the message typed stays', async ({ page }) => {
  await page.goto(`${site.baseUrl}/contact`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Email').fill('grace@example.test');
  await form.getByLabel('Phone number').fill('not a phone');
  await form.getByLabel('Subject').fill('Hello');
  await form.getByLabel('Message').fill('Keep me.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Failed to send message.');
  await expect(form.getByRole('status')).toBeFocused();
  await expect(form.getByText('Enter a phone number: digits, spaces and + ( ) - only.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Keep me.');
});

test('past the limit, a form without JavaScript says to try later rather than that it failed', async ({
  browser,
}) => {
  // Every request here comes from this spec's client: send through the API until it is refused.
  let status = 0;
  for (let i = 0; i < 10 && status !== 429; i++) {
    const response = await fetch(`${site.baseUrl}/api/consultation/`, {
      method: 'POST',
      headers: { ...site.headers, 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ name: `Filler ${i}`, email: 'filler@example.test', message: 'Hello.' }),
    });
    status = response.status;
  }
  expect(status).toBe(429);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/contact`);
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.test');
  await form.getByLabel('Phone number').fill('+1 757 555 0101');
  await form.getByLabel('Subject').fill('Once more');
  await form.getByLabel('Message').fill('One too many.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(TOO_MANY_ATTEMPTS)).toBeVisible();
  await expect(form.getByRole('status')).toBeFocused();
  await expect(form.getByRole('status')).toBeInViewport({ ratio: 1 });
  await context.close();
});
