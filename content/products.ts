import { picture } from './pictures';
import type { ProductPage } from './types';

/** /d, /products/b and /products/c. */
export const productPages: ProductPage[] = [
  {
    path: '/d',
    title: 'Intro Card',
    tagline: 'Your business card, one tap away',
    description:
      'An NFC card that opens your digital business card on any modern phone: no app, nothing to type.',
    intro: [
      'Hold the card near a phone and your public profile opens in the browser: name, title, company, phone, e-mail, links and a button that saves you straight into their contacts.',
      'Change jobs, numbers or photos as often as you like. The card never needs reprinting, because it points to the profile you keep up to date.',
    ],
    features: [
      {
        icon: 'card',
        title: 'Works with any phone',
        text: 'iPhone and Android read NFC natively; a printed QR code covers the rest.',
      },
      {
        icon: 'support',
        title: 'Saves the contact',
        text: 'Visitors save you with one button, photo and social links included.',
      },
      {
        icon: 'shield',
        title: 'Genuine and yours',
        text: 'Each card has a serial number you can verify, and only you can claim it.',
      },
      {
        icon: 'clock',
        title: 'Always current',
        text: 'Edit your profile once; every card you have handed out shows the change.',
      },
    ],
    steps: [
      'Choose a design in the shop and place your order.',
      'When the card arrives, sign in and claim it with the serial number printed on the back.',
      'Fill in your profile: photo, title, phone, links.',
      'Tap the card on any phone to share your details.',
    ],
    picture: picture('products/intro.svg', 'Intro card next to a phone', 720, 480),
    cta: { label: 'Shop intro cards', to: '/cards' },
  },
  {
    path: '/products/b',
    title: 'Access Card',
    tagline: 'Office doors that open with a tap',
    description:
      'NFC access cards for offices and shared spaces, managed from one dashboard and revoked in seconds.',
    intro: [
      'Give staff and visitors cards that open the doors they need, during the hours they need, and nothing else.',
      'Lost card? Block it from the dashboard and issue a new one; the old serial stops working at once.',
    ],
    features: [
      {
        icon: 'shield',
        title: 'Encrypted chips',
        text: 'Cards use secure NFC chips that cannot be copied with a phone.',
      },
      {
        icon: 'team',
        title: 'Roles and schedules',
        text: 'Group people by team and set the hours each door opens for them.',
      },
      {
        icon: 'chart',
        title: 'Audit trail',
        text: 'See who opened which door and when, and export it for compliance.',
      },
      {
        icon: 'support',
        title: 'Installed for you',
        text: 'We fit readers on your doors and train your office manager.',
      },
    ],
    steps: [
      'We survey your doors and recommend the readers you need.',
      'Readers are installed and connected, usually in one day.',
      'Cards are printed with your branding and registered to each person.',
      'Your office manager adds, blocks and schedules cards from the dashboard.',
    ],
    picture: picture('products/access.svg', 'Door with an NFC reader', 720, 480),
    cta: { label: 'Ask for a quote', to: '/contact' },
  },
  {
    path: '/products/c',
    title: 'Loyalty Card',
    tagline: 'Rewards your customers carry',
    description:
      'NFC loyalty cards that replace paper stamps: customers tap to collect points and see their rewards on their phone.',
    intro: [
      'Paper stamp cards get lost, and they tell you nothing about your customers. A tap on the counter reader records each visit instead.',
      'Customers tap their own phone to see points and rewards, with no app to install and no account to remember.',
    ],
    features: [
      {
        icon: 'card',
        title: 'Branded cards',
        text: 'Printed in your colors, with your logo and a serial number on each.',
      },
      {
        icon: 'chart',
        title: 'Visit insights',
        text: 'See how often customers return and which rewards bring them back.',
      },
      { icon: 'rocket', title: 'Quick to launch', text: 'Most stores start within two weeks of ordering.' },
      {
        icon: 'shield',
        title: 'Privacy first',
        text: 'Customers choose what they share; points work even anonymously.',
      },
    ],
    steps: [
      'Choose the reward rules: points per visit or per purchase.',
      'We print your cards and set up the counter readers.',
      'Staff hand out cards at the till.',
      'Watch returns and redemptions in the monthly report.',
    ],
    picture: picture('products/loyalty.svg', 'Loyalty card and gift', 720, 480),
    cta: { label: 'Talk to us', to: '/contact' },
  },
];
