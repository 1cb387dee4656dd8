import { company } from './company';
import { picture } from './pictures';
import type { BlogPost, BlogTeaser } from './types';

const cover = (file: string, alt: string) => picture(`blog/${file}`, alt, 600, 340);

/** The firm's articles, newest first: the home page shows the first three, /blog lists them all. */
export const blogPosts: BlogPost[] = [
  {
    slug: 'why-paper-business-cards-get-lost',
    title: 'Why paper business cards still get lost, and what a tap changes',
    date: '2026-10-14',
    author: 'Mei Tanaka',
    excerpt:
      'Most cards are thrown away within a week. Here is how NFC intro cards keep your details in the contact list instead.',
    readingMinutes: 4,
    picture: cover('nfc.svg', 'NFC card illustration'),
    sections: [
      {
        paragraphs: [
          'Hand out a hundred paper cards at a trade fair and, by most industry estimates, eighty-eight of them are in a bin within a week. The rest sit in a drawer. Very few are ever typed into a phone, because typing a name, a title, two numbers and an e-mail address from a small card is a chore nobody schedules.',
          'The problem is not the card. It is the gap between the card and the contact list, and that gap is where introductions go missing.',
        ],
      },
      {
        heading: 'A tap closes the gap',
        paragraphs: [
          'An intro card carries a small NFC chip. Held against the back of a phone, it opens your digital card in the browser: photo, role, company, phone, e-mail and the links you choose to show. One more tap on Save contact puts all of it in the address book, spelled the way you spell it.',
          'No app is needed on either side. Every current iPhone and Android phone reads NFC, and for the few that do not, the printed QR code on the back opens the same page.',
        ],
      },
      {
        heading: 'Your details stay current',
        paragraphs: [
          'A printed card is out of date the day you change jobs. The page behind an intro card is yours to edit: a new title or number is live the moment you save it, and every card you have handed out opens the new version.',
          'If a card is lost, lock it as lost from your profile: it stops opening your page and no one can claim it. Claim a new one and carry on.',
        ],
      },
      {
        heading: 'Try it',
        paragraphs: [
          `Browse the designs in our shop, or verify a card you already have by its serial number. Questions about ordering for a whole team? Write to ${company.salesEmail}.`,
        ],
      },
    ],
  },
  {
    slug: 'cloud-costs-small-companies-forget',
    title: 'Five cloud costs small companies forget to switch off',
    date: '2026-09-02',
    author: 'Jonas Weber',
    excerpt:
      'Idle test servers, oversized databases and forgotten snapshots: the usual suspects and how to catch them.',
    readingMinutes: 6,
    picture: cover('cloud-costs.svg', 'Cloud costs illustration'),
    sections: [
      {
        paragraphs: [
          'When we review a small company’s cloud bill, we usually find a fifth of it paying for things nobody uses. None of it is dramatic; it is the quiet cost of resources that were started for a good reason and never stopped.',
        ],
      },
      {
        heading: '1. Test servers that outlived the test',
        paragraphs: [
          'A server started for a demo or a load test runs around the clock until someone stops it. Tag every resource with an owner and an end date, and have a weekly report list anything past its date.',
        ],
      },
      {
        heading: '2. Databases sized for launch day',
        paragraphs: [
          'Databases are often sized for the worst case at launch and never revisited. Look at a month of CPU and memory use: a database that never passes 20 % can usually drop a size, and most providers let you change it with a short restart.',
        ],
      },
      {
        heading: '3. Snapshots and backups with no expiry',
        paragraphs: [
          'Backups are essential; keeping every nightly snapshot forever is not. Set a retention policy — for example daily for two weeks, weekly for three months, monthly for a year — and let the provider delete the rest.',
        ],
      },
      {
        heading: '4. Storage nobody reads',
        paragraphs: [
          'Log archives and old exports pile up in object storage. Move anything not read for ninety days to an archive tier, and delete logs your retention rules no longer require.',
        ],
      },
      {
        heading: '5. Data leaving the cloud',
        paragraphs: [
          'Traffic out of a cloud region is billed, and a chatty integration or an uncached download can cost more than the servers behind it. A content delivery network in front of public files usually pays for itself within a month.',
        ],
      },
      {
        heading: 'Where to start',
        paragraphs: [
          'Turn on the provider’s cost alerts today and set a budget slightly above last month’s bill. If you would like a second pair of eyes, our cloud team offers a free one-hour review.',
        ],
      },
    ],
  },
  {
    slug: 'one-page-incident-plan',
    title: 'A one-page incident plan every team should have',
    date: '2026-07-21',
    author: 'Samuel Okafor',
    excerpt:
      'Who to call, what to switch off and how to restore: the plan that turns a breach into a bad afternoon.',
    readingMinutes: 5,
    picture: cover('security.svg', 'Security plan illustration'),
    sections: [
      {
        paragraphs: [
          'Most security incidents at small companies are not sophisticated. A reused password, a phishing e-mail, a laptop left in a taxi. What decides whether it costs an afternoon or a month is whether anyone knows what to do in the first hour.',
          'You do not need a binder. You need one page, printed, that answers five questions.',
        ],
      },
      {
        heading: 'Who is in charge?',
        paragraphs: [
          'Name one person who makes decisions during an incident, and a deputy. Write down their mobile numbers, not just their e-mail: your e-mail may be what is compromised.',
        ],
      },
      {
        heading: 'Who do we call?',
        paragraphs: [
          'List your IT partner, your hosting provider’s support line, your bank’s fraud line, your insurer and, where the law requires it, the data protection authority. Note the hours each can be reached.',
        ],
      },
      {
        heading: 'What do we switch off?',
        paragraphs: [
          'Decide in advance how to cut a compromised account or device off: reset the password and end its sessions, disconnect the laptop from the network, revoke the leaked key. Knowing the steps beats searching for them under stress.',
        ],
      },
      {
        heading: 'How do we restore?',
        paragraphs: [
          'Write down where the backups are, who can restore them, and how long a restore takes. Then test it twice a year: a backup nobody has restored is a hope, not a plan.',
        ],
      },
      {
        heading: 'What do we tell people?',
        paragraphs: [
          'Prepare short notes for staff and customers: what happened, what you have done, what they should do. Clear, early news keeps trust; silence loses it.',
          'Our security team will help you write the page and rehearse it in a one-hour tabletop exercise.',
        ],
      },
    ],
  },
];

/**
 * The newest `count` articles as teasers. Pages get them from their loaders, so the articles' text stays out
 * of the browser's JavaScript (the home page would otherwise carry every article).
 */
export function blogTeasers(count = blogPosts.length): BlogTeaser[] {
  return blogPosts.slice(0, count).map(({ sections: _sections, author: _author, ...teaser }) => teaser);
}
