import { company } from './company';
import { picture } from './pictures';
import type { Picture, TeamMember } from './types';

export const aboutPage: {
  intro: string[];
  mission: string;
  vision: string;
  challenges: Array<{ title: string; text: string }>;
  picture: Picture;
} = {
  intro: [
    `${company.name} started in ${company.founded} in a shared office on Market Street, fixing servers for three local companies. Today twenty-two of us design, build, secure and run technology for more than a hundred and seventy clients, from family businesses to venture-backed startups.`,
    'We also make smart intro cards: NFC business cards that open their owner’s digital card with one tap. We built them for our own sales team first, and our clients kept asking for them.',
  ],
  mission:
    'To make technology dependable for growing companies: systems that stay up, software people enjoy using and data that stays safe, explained in plain language.',
  vision:
    'Every ten-person company should have technology as good as a large enterprise’s, without hiring a department to run it.',
  challenges: [
    {
      title: 'Systems that grew by accident',
      text: 'Years of quick fixes leave servers nobody dares to touch. We map them, document them and replace them step by step.',
    },
    {
      title: 'Security without a security team',
      text: 'Small companies are attacked like large ones. We bring the same protections at a size and price that fit.',
    },
    {
      title: 'Software that fights its users',
      text: 'When staff keep spreadsheets beside the system, the system is wrong. We redesign it around how people work.',
    },
    {
      title: 'Cloud bills nobody understands',
      text: 'We show where the money goes, switch off what is idle and set alerts before budgets are reached.',
    },
  ],
  picture: picture('about/office.svg', 'Our studio on Market Street', 720, 480),
};

const member = (n: number, name: string) => picture(`team/member-${n}.svg`, `Portrait of ${name}`, 400, 400);

export const team: TeamMember[] = [
  {
    name: 'Daniel Reyes',
    role: 'Founder and CEO',
    bio: 'Twenty years in infrastructure, from data centers to cloud platforms. Still answers the support line on Fridays.',
    picture: member(1, 'Daniel Reyes'),
  },
  {
    name: 'Aisha Karimi',
    role: 'Head of Engineering',
    bio: 'Leads our software teams and insists on tests for everything. Previously built payment systems for a regional bank.',
    picture: member(2, 'Aisha Karimi'),
  },
  {
    name: 'Jonas Weber',
    role: 'Cloud Architect',
    bio: 'Has moved more than forty companies to the cloud without a single lost order. Loves a well-tagged cost report.',
    picture: member(3, 'Jonas Weber'),
  },
  {
    name: 'Mei Tanaka',
    role: 'Design Lead',
    bio: 'Runs our research and usability testing. Believes every form can lose two fields.',
    picture: member(4, 'Mei Tanaka'),
  },
  {
    name: 'Samuel Okafor',
    role: 'Security Lead',
    bio: 'Former incident responder who now helps clients make sure they never need one.',
    picture: member(5, 'Samuel Okafor'),
  },
  {
    name: 'Laura Martins',
    role: 'Client Success Manager',
    bio: 'The named contact for our care-plan clients, and the reason they hear from us before they have to ask.',
    picture: member(6, 'Laura Martins'),
  },
];
