export interface NavLink {
  label: string;
  to: string;
}

/** The six service pages; their paths are fixed by the specification. */
export const serviceLinks: NavLink[] = [
  { label: 'Cloud Solutions', to: '/services/cloud-solutions' },
  { label: 'UI/UX Design', to: '/services/uiux-design' },
  { label: 'Website Development', to: '/services/website-development' },
  { label: 'Software Development', to: '/services/software-development' },
  { label: 'AI & Automation', to: '/services/ai-automotion' },
  { label: 'Cybersecurity', to: '/services/CyberSecurity-services' },
];

export const productLinks: NavLink[] = [
  { label: 'Intro Card', to: '/d' },
  { label: 'Access Card', to: '/products/b' },
  { label: 'Loyalty Card', to: '/products/c' },
];

export const footerLinks: NavLink[] = [
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Smart Cards', to: '/cards' },
  { label: 'Verify a Product', to: '/verify' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Terms', to: '/terms' },
];
