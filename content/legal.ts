import { RAW_EVENT_RETENTION_DAYS } from '../common/insights';
import { company } from './company';
import type { LegalDocument } from './types';

export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  updated: '2026-11-24',
  intro: `This policy explains what personal data ${company.name} collects when you use this website and our smart cards, why, and what you can do about it. We collect as little as we can.`,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'Your account: name, e-mail address and a password we store only as a secure hash. What you add to your profile: photo, phone, company, job title, bio, map link, links, which of them your card shows, and its colour. Your delivery addresses and your orders.',
        'Messages you send through the contact and consultation forms, and the serial numbers you verify or claim.',
      ],
    },
    {
      heading: 'Your public profile',
      paragraphs: [
        'Your card page at /profile/{username} shows your name and photo, and only the fields and links you switch on (a new account shows its job title only). Your addresses, orders and account details are never shown on it. A private card opens for no one but you, and neither do its tap links, contact file or preview picture.',
      ],
    },
    {
      heading: 'Visits to a card page',
      paragraphs: [
        'When someone opens a card page, we record for its owner: a view of the page, a download of the contact file, a click on one of the card’s links, or details shared back through the page. With each we keep where the visit came from (which of the owner’s cards was tapped, the QR code, or a link) and the time. We set no cookie for visitors, and we store no IP address, no browser string and nothing else about the visitor’s device. Visits from known bots, pages a browser only fetched ahead, and the owner’s own visits while signed in are not counted.',
        'To count unique visitors, each visit carries a keyed hash of the visitor’s connection, made with a random key that is replaced every day and then deleted. The same visitor on two different days cannot be linked, by the owner, by us or by anyone else; visitors are counted per day.',
        `Single records are kept for ${RAW_EVENT_RETENTION_DAYS} days, then deleted; daily totals (how many views, saves, clicks and exchanges per day and per source) are kept for as long as the account exists. Only the card’s owner sees their figures. We, the firm, see only totals across all cards (for example, card views per day), never one person’s figures.`,
        'Owners can switch insights off on their profile at any time: this deletes everything recorded about visits to their card and stops recording. Switched back on, counting starts from zero.',
      ],
    },
    {
      heading: 'Sharing your details with a card’s owner',
      paragraphs: [
        'A card page may offer a form to share your details with its owner. What you choose to enter there (your name, e-mail or phone, and any company, job title or note) goes to that owner only: we e-mail it to them and keep it in their contacts list, and we send you a copy. The owner can delete it at any time, and deleting an account deletes its contacts and its insights.',
      ],
    },
    {
      heading: 'Cookies and tracking',
      paragraphs: [
        'We use one session cookie to keep you signed in, and a small cookie that tells the site you may be signed in. Visitors of a card page get no cookie at all. There are no advertising or analytics trackers and no third-party scripts.',
        'The map on the contact page is loaded from OpenStreetMap only when you press "Show map"; until then, no request goes to them.',
      ],
    },
    {
      heading: 'How we use your data',
      paragraphs: [
        'To run your account, deliver your orders, answer your messages and protect the service from abuse (for example, by limiting repeated failed sign-ins). We do not sell personal data or use it for advertising.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        `Account and profile data until you ask us to delete your account; deleting it deletes your contacts and your card’s insights with it. Order records for seven years, as tax law requires. Messages from the contact forms for two years. Single records of visits to a card page for ${RAW_EVENT_RETENTION_DAYS} days, their daily totals as long as the account exists.`,
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You can see and correct your data on your profile at any time. To get a copy or have your account deleted, write to ${company.supportEmail}; we answer within thirty days.`,
      ],
    },
  ],
};

export const terms: LegalDocument = {
  title: 'Terms of Service',
  updated: '2026-11-01',
  intro: `These terms apply to this website, your account and orders of smart cards from ${company.legalName}, ${company.address}.`,
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'Keep your password to yourself and tell us if you think someone else used your account. You are responsible for what you publish on your public profile; do not publish anything unlawful or anyone else’s personal data without their consent.',
      ],
    },
    {
      heading: 'Orders and payment',
      paragraphs: [
        'An order is an offer to buy. It becomes a contract when we confirm it by e-mail; an order of personalised cards, when you approve its proof. Prices are in US dollars; shipping and any tax for the delivery country are shown at checkout before you order and appear on the invoice. We invoice on confirmation, payable within 14 days by bank transfer quoting the invoice’s payment reference, or by card where the order offers Pay now. Cards ship once the order is paid; we may agree otherwise with you in writing. Anything paid beyond what an order comes to is refunded.',
      ],
    },
    {
      heading: 'Delivery and returns',
      paragraphs: [
        'We ship to the address you choose at checkout. Unused cards in their original packaging can be returned within thirty days for a full refund, except cards printed with your own details to a proof you approved. Faulty cards are replaced free of charge.',
      ],
    },
    {
      heading: 'Cards, serial numbers and claiming',
      paragraphs: [
        'Each card has a unique serial number. Claiming a card links it to your profile; you can lock it as lost, transfer it to someone by e-mail (it moves when they accept, and we keep a record of the move) or release it at any time. We may block a serial number that is used for fraud; a blocked card no longer opens a profile.',
      ],
    },
    {
      heading: 'Services',
      paragraphs: [
        'IT services are provided under a separate written agreement for each engagement. The information on this website is a general description, not an offer.',
      ],
    },
    {
      heading: 'Liability and changes',
      paragraphs: [
        'We are liable for damage we cause intentionally or through gross negligence; otherwise our liability is limited to the value of the order. We may update these terms and will tell registered users by e-mail thirty days in advance.',
      ],
    },
  ],
};
