import { company } from '../../../content/company';
import { footerLinks, serviceLinks } from '../../../content/navigation';
import { SiteLink } from '../SiteLink';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <div>
          <p className="site-footer-brand">{company.name}</p>
          <p>{company.tagline}</p>
          <address>
            {company.address}
            <br />
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <br />
            <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`}>{company.phone}</a>
          </address>
          <ul className="site-footer-socials" aria-label="Follow us">
            {company.socials.map((social) => (
              <li key={social.href}>
                <a href={social.href} target="_blank" rel="noopener noreferrer">
                  {social.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Services">
          <p className="site-footer-heading">Services</p>
          <ul>
            {serviceLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <p className="site-footer-heading">Company</p>
          <ul>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container site-footer-copy">
        © {new Date().getFullYear()} {company.name}. All rights reserved.
      </p>
    </footer>
  );
}
