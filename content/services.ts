import { picture } from './pictures';
import type { AccordionItem, Picture, Service } from './types';

const hero = (file: string, alt: string) => picture(`services/${file}`, alt, 960, 480);
const benefit = (file: string, alt: string) => picture(`services/${file}`, alt, 480, 360);

/** The six services, in menu order; paths are fixed by the specification. */
export const services: Service[] = [
  {
    slug: 'cloud-solutions',
    path: '/services/cloud-solutions',
    title: 'Cloud Solutions',
    icon: 'cloud',
    blurb: 'Move to the cloud, or make the cloud you already pay for faster, safer and cheaper.',
    description:
      'Cloud migration, architecture and cost control on AWS, Azure and Google Cloud, run by engineers who stay with you after launch.',
    intro: [
      'Most companies do not need "more cloud". They need the systems they have to stay up, scale when the season turns and stop surprising finance at the end of the month.',
      'We plan and carry out migrations, build infrastructure as code, and run the platforms we build with you, on AWS, Microsoft Azure or Google Cloud.',
    ],
    points: [
      {
        title: 'Assessment',
        text: 'We map what you run today, what it costs and where it breaks, and agree on targets before anything moves.',
      },
      {
        title: 'Architecture',
        text: 'A design sized for your traffic and your team, with managed services where they save work and plain servers where they save money.',
      },
      {
        title: 'Migration',
        text: 'Workloads move in small, reversible steps with a rehearsed cut-over, so customers never notice the day it happens.',
      },
      {
        title: 'Infrastructure as code',
        text: 'Every network, server and permission lives in version control, reviewed like application code and rebuilt in minutes.',
      },
      {
        title: 'Operations',
        text: 'Monitoring, patching, backups you have actually restored, and a monthly cost review with savings you can see.',
      },
    ],
    benefits: [
      'Bills that match usage, with alerts before budgets are reached',
      'Deployments in minutes instead of maintenance weekends',
      'Backups tested by restoring them, every quarter',
      'Capacity that follows demand up and back down',
      'One team accountable from design to on-call',
    ],
    closing:
      'Whether you are leaving a server closet or tidying up five years of cloud sprawl, we start with a two-week assessment and a written plan you keep either way.',
    hero: hero('cloud.svg', 'Cloud infrastructure illustration'),
    benefitPicture: benefit('cloud-benefit.svg', 'Falling cost chart'),
  },
  {
    slug: 'uiux-design',
    path: '/services/uiux-design',
    title: 'UI/UX Design',
    icon: 'design',
    blurb:
      'Interfaces your customers understand on first sight, designed with them and tested before they are built.',
    description:
      'Research, interaction design and design systems for web and mobile products, tested with real users before a line of code is written.',
    intro: [
      'Good design is measured in support tickets that never arrive. We start with the people who will use your product and the jobs they are trying to get done.',
      'Our designers work next to our engineers, so what you approve in a prototype is what ships, down to the focus ring.',
    ],
    points: [
      {
        title: 'Research',
        text: 'Interviews, analytics and a walk through your support inbox tell us where users struggle today.',
      },
      {
        title: 'Information architecture',
        text: 'Navigation and naming that follow how your customers think, not how your org chart looks.',
      },
      {
        title: 'Prototypes',
        text: 'Clickable prototypes in days, not weeks, so decisions are made on something real.',
      },
      {
        title: 'Usability testing',
        text: 'Five to eight real users per round find the problems before launch, when they are cheap to fix.',
      },
      {
        title: 'Design systems',
        text: 'Components, tokens and guidelines your developers can use without asking a designer each time.',
      },
    ],
    benefits: [
      'Fewer support calls and shorter onboarding',
      'Accessible to WCAG 2.2 AA from the first sketch',
      'Consistent screens built faster from shared components',
      'Decisions backed by user evidence instead of opinion',
      'Designs developers can build exactly',
    ],
    closing:
      'Bring us a rough idea or a product that has grown hard to use; either way the first step is a short workshop and a clickable prototype.',
    hero: hero('design.svg', 'Interface design illustration'),
    benefitPicture: benefit('design-benefit.svg', 'Team reviewing a prototype'),
  },
  {
    slug: 'website-development',
    path: '/services/website-development',
    title: 'Website Development',
    icon: 'web',
    blurb: 'Fast, accessible websites that rank well, convert visitors and are easy for your team to update.',
    description:
      'Company websites and online shops that load in a blink, pass accessibility audits and are easy to keep up to date.',
    intro: [
      'Your website is often the first conversation a customer has with you. It should load instantly on a phone, read clearly and lead people to what they came for.',
      'We build websites on proven frameworks, with content your team edits without calling a developer, and measure speed and accessibility on every release.',
    ],
    points: [
      {
        title: 'Content first',
        text: 'We write the page structure with you before design, so every page has a purpose and a next step.',
      },
      {
        title: 'Performance budget',
        text: 'Pages stay light: we set limits for scripts and images and check them automatically.',
      },
      {
        title: 'Search visibility',
        text: 'Clean markup, structured data and sitemaps help search engines understand each page.',
      },
      {
        title: 'Editing made easy',
        text: 'Your team updates text, images and offers in a simple editor, with previews before publishing.',
      },
      {
        title: 'Care plan',
        text: 'Updates, backups and uptime monitoring after launch, with a named developer on call.',
      },
    ],
    benefits: [
      'Pages that load in under two seconds on mobile',
      'Accessible to visitors using keyboards and screen readers',
      'Better placement in search results',
      'More enquiries from the same traffic',
      'A site your own team can keep current',
    ],
    closing:
      'A typical company website goes live in six to ten weeks; an online shop in ten to fourteen. We will tell you which parts you can skip.',
    hero: hero('web.svg', 'Website on a browser window illustration'),
    benefitPicture: benefit('web-benefit.svg', 'Website launch illustration'),
  },
  {
    slug: 'software-development',
    path: '/services/software-development',
    title: 'Software Development',
    icon: 'code',
    blurb: 'Custom applications and integrations, built in small releases you can use from the second week.',
    description:
      'Custom web and mobile applications, APIs and integrations, delivered in two-week releases with tests and documentation.',
    intro: [
      'Off-the-shelf software covers most of what a business needs. We build the part that makes yours different, and connect it to the tools you already use.',
      'Work is planned in two-week releases. You see working software early, change course cheaply and never wait months for a big reveal.',
    ],
    points: [
      {
        title: 'Discovery',
        text: 'We agree on the problem, the users and the smallest release that would already help.',
      },
      {
        title: 'Architecture',
        text: 'Boring, well-supported technology chosen for your team to maintain after we hand over.',
      },
      {
        title: 'Iterative delivery',
        text: 'A working release every two weeks, demonstrated to the people who will use it.',
      },
      { title: 'Quality', text: 'Automated tests, code review and continuous integration on every change.' },
      {
        title: 'Handover',
        text: 'Documentation, training and a support period, or we keep running it for you.',
      },
    ],
    benefits: [
      'Software shaped around your process, not the reverse',
      'Early value from the first releases',
      'Fewer defects thanks to automated testing',
      'No lock-in: the code and accounts are yours',
      'Integrations that remove double data entry',
    ],
    closing:
      'From a customer portal to a warehouse app or an integration between two systems that never talked, we size the first release to fit your budget.',
    hero: hero('code.svg', 'Source code illustration'),
    benefitPicture: benefit('code-benefit.svg', 'Growing usage chart'),
  },
  {
    slug: 'ai-automotion',
    path: '/services/ai-automotion',
    title: 'AI & Automation',
    icon: 'ai',
    blurb: 'Put AI and automation to work on the repetitive tasks that slow your team down.',
    description:
      'Practical AI and workflow automation: document processing, assistants and integrations that save hours every week, with people in control.',
    intro: [
      'The best automation projects start small: one process that costs hours every week, measured before and after.',
      'We combine language models, classic automation and your existing systems, with a person approving anything that matters and a log of what the system did.',
    ],
    points: [
      {
        title: 'Process audit',
        text: 'We time the tasks your team repeats and pick the ones where automation pays back fastest.',
      },
      {
        title: 'Data readiness',
        text: 'We check the documents and records the automation will rely on, and fix what would mislead it.',
      },
      {
        title: 'Pilot',
        text: 'A working pilot on real cases within weeks, measured against the manual baseline.',
      },
      {
        title: 'Human in the loop',
        text: 'Reviews and approvals where mistakes are costly, and clear limits on what runs unattended.',
      },
      {
        title: 'Run and improve',
        text: 'Monitoring of accuracy and cost, with regular tuning as your business changes.',
      },
    ],
    benefits: [
      'Hours returned to your team every week',
      'Faster answers to customers and suppliers',
      'Fewer typing errors in invoices and orders',
      'Clear records of every automated decision',
      'Costs tracked per task, not guessed',
    ],
    closing:
      'Not sure where AI fits? Send us the process that annoys your team the most; we will tell you honestly whether automation is worth it.',
    hero: hero('ai.svg', 'Processor chip illustration'),
    benefitPicture: benefit('ai-benefit.svg', 'Hours saved chart'),
  },
  {
    slug: 'CyberSecurity-services',
    path: '/services/CyberSecurity-services',
    title: 'Cybersecurity',
    icon: 'shield',
    blurb: 'Find and fix weaknesses before attackers do, and be ready when something goes wrong.',
    description:
      'Security assessments, hardening, staff training and incident response for small and mid-sized companies, explained in plain language.',
    intro: [
      'Attackers rarely need clever tricks. Most incidents start with a reused password, an unpatched server or a convincing e-mail.',
      'We find those weaknesses first, fix them with your team, and prepare a plan so an incident is a bad afternoon instead of a lost month.',
    ],
    points: [
      {
        title: 'Assessment',
        text: 'A review of accounts, devices, cloud settings and exposed services, with findings ranked by risk.',
      },
      {
        title: 'Hardening',
        text: 'Multi-factor sign-in, patching, least-privilege access and encrypted backups, put in place with you.',
      },
      {
        title: 'Testing',
        text: 'Penetration tests of your websites and applications, retested after the fixes.',
      },
      { title: 'People', text: 'Short, practical training and phishing exercises that respect your staff.' },
      {
        title: 'Response',
        text: 'An incident plan, a tested restore and a number to call when it is needed.',
      },
    ],
    benefits: [
      'Risks ranked and explained in plain language',
      'Fewer ways in for common attacks',
      'Backups that survive ransomware',
      'Staff who spot and report phishing',
      'Evidence for insurers and enterprise customers',
    ],
    closing:
      'Start with a fixed-price assessment: in two weeks you get a ranked list of risks and the first fixes already done.',
    hero: hero('shield.svg', 'Security shield illustration'),
    benefitPicture: benefit('shield-benefit.svg', 'Protected systems illustration'),
  },
];

export const servicesIntro = {
  heading: 'Technology services from one accountable team',
  subtitle:
    'Six disciplines under one roof in San Francisco: cloud, design, websites, software, AI and security, planned together so the pieces fit.',
};

export const servicesAccordion: AccordionItem[] = [
  {
    title: 'Our Mission',
    text: 'We make technology dependable for growing companies: systems that stay up, software people enjoy using and data that stays safe.',
    points: ['Plain language, no jargon in proposals', 'Fixed scopes and visible progress'],
  },
  {
    title: 'Our Vision',
    text: 'A world where a ten-person company has the same quality of technology as a large enterprise, without the overhead.',
    points: ['Senior engineers on every project', 'Tools chosen for the long run'],
  },
  {
    title: 'Our Philosophy',
    text: 'Small steps, measured results. Every engagement starts with the smallest change that helps, and grows only when it proves itself.',
    points: ['Release early, learn quickly', 'Leave clients more capable than we found them'],
  },
  {
    title: 'Our Strategy',
    text: 'We stay deliberately small and specialised, keep our engineers on projects from start to finish, and invest in long client relationships.',
    points: ['Long-term care plans after launch', 'One named contact for every client'],
  },
];

export const accordionPicture: Picture = picture('services/approach.svg', 'Launch illustration', 560, 560);
