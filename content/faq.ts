import type { FaqItem } from './types';

export const faq: FaqItem[] = [
  {
    question: 'What is an intro card?',
    answer:
      'An NFC business card. When someone holds it near their phone, your public profile opens in the browser with your details and a button that saves you to their contacts. No app is needed.',
  },
  {
    question: 'Which phones can read the card?',
    answer:
      'Every iPhone from the XS onwards and almost every Android phone made since 2016 read NFC without an app. For other phones, share the QR code from your profile.',
  },
  {
    question: 'How do I pay for an order?',
    answer:
      'There is no online payment yet. Place the order in the shop: shipping and any tax for your country are shown at checkout before you order. When we confirm the order, the numbered invoice is attached to the e-mail and can be downloaded under My orders on your profile; pay it by bank transfer within 14 days, quoting the payment reference printed on it (it starts with RF). We ship once it is paid.',
  },
  {
    question: 'How long does shipping take?',
    answer:
      'Cards in stock ship within two business days of payment. Personalised cards are printed after you approve their proof and ship about ten business days after that.',
  },
  {
    question: 'How do personalised cards work?',
    answer:
      'On a card that can be personalised, type what should be printed (name, job title, company), add your logo or signature if the card offers them, and choose whether the back carries a QR code to your card page. The preview beside the form is drawn exactly as we print it; text that does not fit is flagged there, never cut. After you order, we check your design and e-mail you a proof, usually within one business day: approve it, or ask for a change with a note, from the e-mail or from My orders. Nothing is printed or invoiced before you approve, and we remind you if a proof waits three days.',
  },
  {
    question: 'How does a Team Pack work?',
    answer:
      'A Team Pack has one set of printed details per card, each optionally marked with the team member it is for, and all of it is on one proof and one invoice. When the order ships, each team member gets an e-mail with a link to claim their own card onto their own profile, and only that address can claim it (you can send the link again, or to a corrected address, from your order); a card without a team member is claimed like any other, by tapping it.',
  },
  {
    question: 'How do I check that my card is genuine?',
    answer:
      'Enter the serial number printed on the back at /verify. A genuine card shows its verification count out of five; a card checked many times before deserves a question to the seller.',
  },
  {
    question: 'How do I link a card to my profile?',
    answer:
      'Tap the card on your phone and choose "Sign in and claim this card", or enter its serial number under My cards on your profile. From then on, every tap opens your public profile.',
  },
  {
    question: 'What does my public profile show?',
    answer:
      'Your name and photo, and only the details you switch on under "What your card shows": job title (on for a new account), company, phone, e-mail, location and bio, plus the links you leave switched on. Make the card private and it opens for no one but you. Your addresses and orders are never shown.',
  },
  {
    question: 'Can I see who opened my card?',
    answer:
      'You see what your card did, not who: Insights on your profile counts views (and whether they came from a tap, which card, the QR code or a link), contact saves, link clicks and exchanges, for the last 7, 30 or 90 days. Visitors get no cookie and are counted per day without being recognised from one day to the next. People who want you to have their details can share them with you from your card page; those arrive by e-mail and in your contacts. You can switch insights off, which deletes what was recorded.',
  },
  {
    question: 'Can I give a card to someone else?',
    answer:
      'Yes. Under My cards on your profile, choose Transfer and enter their e-mail address: the card moves to them when they accept from the link we send, and nothing changes until then. Handing it over in person? Release it, and the next holder can claim it.',
  },
  {
    question: 'What if I lose my card?',
    answer:
      'Lock it as lost under My cards on your profile. A tap then says the card was reported lost and shows how to reach us, never your page, and no one can claim it. Found it again? Unlock it and it opens your page as before.',
  },
  {
    question: 'Do you work with companies outside San Francisco?',
    answer:
      'Yes. Most of our IT work is done remotely, and we travel for workshops and installations across the United States.',
  },
  {
    question: 'How does a project with you start?',
    answer:
      'With a free consultation. Tell us what you need through the contact form; a senior engineer replies within one business day and proposes a first, fixed-price step.',
  },
];
