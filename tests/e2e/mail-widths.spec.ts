import type { LeadRow } from '../../server/db/schema/index.ts';
import * as transferMails from '../../server/mail/card-transfer-mail.ts';
import * as exchangeMails from '../../server/mail/exchange-mail.ts';
import type { MailMessage } from '../../server/mail/message.ts';
import * as paymentMails from '../../server/mail/payment-mail.ts';
import * as proofMails from '../../server/mail/proof-mail.ts';
import * as registryMails from '../../server/mail/registry-flags-mail.ts';
import * as teamMails from '../../server/mail/team-claim-mail.ts';
import * as templates from '../../server/mail/templates.ts';
import * as unlockMails from '../../server/mail/unlock-mail.ts';
import type { Order } from '../../server/modules/orders/responses.ts';
import { expect, test } from './support/fixtures.ts';
import { shot } from './support/shots.ts';

// Every mail the site sends, with the longest things it may carry: signed links, long e-mail addresses,
// order lines with printed names. Each must fit a phone's screen from 320 px without scrolling sideways.
const TOKEN = 'Zk3xQ9vB7nR2mT5wY8pL4sD6fH1jK0cA-eG_iU3oE5rW7tY9uI2oP4aS6dF8gH0jK2lZ4x';
const SITE = 'https://cards.example-company.test';
const LINK = `${SITE}/proof/${TOKEN}?order=ORD-20261129-00042&version=12`;
const EMAIL = 'maximilian.vandenberghe-oyelaran@engineering.subsidiary-example.test';
const NAME = 'Maximilian-Alexander';

const order = {
  number: 'ORD-20261129-00042',
  status: 'shipped',
  total: '1234.56',
  subtotal: '1100.00',
  shipping: '14.56',
  shipping_zone: 'Rest of the world',
  tax: '120.00',
  tax_rate: '10.9',
  item_count: 12,
  address: {
    address: 'Flat 12B, Königin-Luise-Straße 123–125, Hinterhaus, 3. Obergeschoss',
    city: 'Berlin-Charlottenburg-Wilmersdorf',
    state: '',
    postal_code: '10707',
    country: 'Germany',
  },
  items: [
    {
      quantity: 2,
      name: 'Team Pack (5 cards)',
      design: 'Matte Black',
      sku: 'IC-TEAM5-MB-PERSONALISED',
      unit_price: '500.00',
      line_total: '1000.00',
      printed: [
        {
          name: 'Inês Maria Carvalho de Albuquerque',
          title: 'Head of Partnerships and Business Development',
          company: 'Vasconcelos Engineering International',
          member_email: EMAIL,
          serial: '7K3M-9Q2P-XR4D',
        },
      ],
    },
  ],
  payment: {
    state: 'partially_paid',
    words: 'Overdue 12 days',
    sentence: 'Overdue 12 days: $1,034.56 to pay',
    charged: '1234.56',
    paid: '200.00',
    refunded: '0.00',
    owed: '1034.56',
    owed_back: '0.00',
    due_at: '2026-12-12T09:00:00.000Z',
    overdue_days: 12,
    rf_reference: 'RF18 NX7K 3M9Q 2P',
  },
} as unknown as Order;

const lead = {
  kind: 'contact',
  name: NAME,
  email: EMAIL,
  phone: '+44 20 7946 0958',
  service: 'web-development-and-cloud-infrastructure',
  subject: 'A question about https://example.test/a/very/long/path/that/someone/pasted/into/the/form',
  message: `Please call me back about ${LINK}`,
} as unknown as LeadRow;

const shared = {
  name: NAME,
  email: EMAIL,
  phone: '+44 20 7946 0958',
  company: 'Vasconcelos Engineering International',
  jobTitle: 'Head of Partnerships',
  note: `See ${LINK}`,
};

const MAILS: Record<string, () => MailMessage> = {
  activationMail: () => templates.activationMail(EMAIL, NAME, LINK, `${SITE}/profile/${'m'.repeat(30)}`),
  resetMail: () => templates.resetMail(EMAIL, NAME, LINK),
  alreadyRegisteredMail: () => templates.alreadyRegisteredMail(EMAIL, `${LINK}&login`, `${LINK}&forgot`),
  orderConfirmationMail: () => templates.orderConfirmationMail(EMAIL, NAME, order, LINK),
  salesOrderMail: () =>
    templates.salesOrderMail(EMAIL, { email: EMAIL, firstName: NAME, lastName: NAME }, order),
  orderStatusMail: () =>
    templates.orderStatusMail(EMAIL, NAME, order, `Tracking: ${LINK}`, LINK, {
      kind: 'invoice',
      number: 'INV-2026-000042',
      pdf: Buffer.from('%PDF-'),
    }),
  leadMail: () => templates.leadMail(EMAIL, lead),
  emailChangeConfirmMail: () => templates.emailChangeConfirmMail(EMAIL, NAME, LINK),
  emailChangeNoticeMail: () => templates.emailChangeNoticeMail(EMAIL, NAME, EMAIL, LINK),
  emailInUseMail: () => templates.emailInUseMail(EMAIL),
  passwordChangedMail: () => templates.passwordChangedMail(EMAIL, NAME, 'reset', LINK),
  accountSecuredMail: () => templates.accountSecuredMail(EMAIL, NAME, LINK),
  proofMail: () =>
    proofMails.proofMail(EMAIL, {
      firstName: NAME,
      orderNumber: order.number,
      version: 12,
      url: LINK,
      note: `The corrected file is at ${LINK}`,
      pdf: Buffer.from('%PDF-'),
      corrected: true,
    }),
  proofReminderMail: () =>
    proofMails.proofReminderMail(EMAIL, {
      firstName: NAME,
      orderNumber: order.number,
      version: 12,
      url: LINK,
    }),
  proofChangesMail: () =>
    proofMails.proofChangesMail(EMAIL, {
      orderNumber: order.number,
      version: 12,
      customer: `${NAME} <${EMAIL}>`,
      note: `Please use ${LINK}`,
      adminUrl: LINK,
    }),
  cardOfferMail: () =>
    transferMails.cardOfferMail(
      EMAIL,
      { fromName: NAME, fromEmail: EMAIL, cardName: 'Signature Intro Card', display: '7K3M-9Q2P-XR4D' },
      LINK,
    ),
  cardTransferredMail: () =>
    transferMails.cardTransferredMail(
      EMAIL,
      NAME,
      { cardName: 'Signature Intro Card', display: '7K3M-9Q2P-XR4D', toEmail: EMAIL },
      LINK,
    ),
  exchangeOwnerMail: () =>
    exchangeMails.exchangeOwnerMail({ email: EMAIL, firstName: NAME }, shared, 'a tap on the card', '', LINK),
  exchangeCopyMail: () => exchangeMails.exchangeCopyMail(EMAIL, NAME, shared),
  teamCardMail: () =>
    teamMails.teamCardMail(
      EMAIL,
      {
        buyerName: NAME,
        buyerEmail: EMAIL,
        cardName: 'Team Pack (5 cards)',
        display: '7K3M-9Q2P-XR4D',
        printedName: 'Inês Maria Carvalho de Albuquerque',
      },
      LINK,
    ),
  registryFlagsMail: () =>
    registryMails.registryFlagsMail(
      EMAIL,
      [{ display: '7K3M-9Q2P-XR4D', kind: 'Copied chip', reason: 'two taps 900 km apart', url: LINK }],
      LINK,
    ),
  unlockMail: () => unlockMails.unlockMail(EMAIL, NAME, LINK),
  paymentReceivedMail: () =>
    paymentMails.paymentReceivedMail(EMAIL, {
      firstName: NAME,
      number: order.number,
      payment: order.payment,
      amount: '200.00',
      url: `${LINK}#order-${order.number}`,
    }),
  paymentReminderMail: () =>
    paymentMails.paymentReminderMail(EMAIL, {
      firstName: NAME,
      number: order.number,
      payment: order.payment,
      stage: 14,
      url: `${LINK}#order-${order.number}`,
    }),
};

test('the list covers every mail the site sends', () => {
  const modules = [
    templates,
    proofMails,
    transferMails,
    exchangeMails,
    teamMails,
    registryMails,
    unlockMails,
    paymentMails,
  ];
  const sent = modules.flatMap((module) => Object.keys(module).filter((name) => name.endsWith('Mail')));
  expect(sent.sort()).toEqual(Object.keys(MAILS).sort());
});

for (const width of [320, 375]) {
  test(`every mail fits a ${width} px phone without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const wide: string[] = [];
    for (const [name, make] of Object.entries(MAILS)) {
      await page.setContent(make().html);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) wide.push(`${name}: ${scrollWidth} px`);
      if (name === 'proofMail' || name === 'activationMail') await shot(page, `mail-${name}`, [width]);
    }
    expect(wide).toEqual([]);
  });
}

test('a link in a mail is a link, and the button’s address is there to open', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.setContent(MAILS.activationMail?.().html ?? '');
  await expect(page.getByRole('link', { name: `${SITE}/profile/${'m'.repeat(30)}` })).toHaveAttribute(
    'href',
    `${SITE}/profile/${'m'.repeat(30)}`,
  );
  await expect(page.getByRole('link', { name: 'Activate my account' })).toHaveAttribute('href', LINK);
  await expect(page.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK);
});
