import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { company } from '../../../content/company';
import { useAuth } from '../../lib/auth';
import { AdminNav } from './AdminNav';

/**
 * The admin console's own frame, in place of the shop's header and footer: the firm's name, who is signed
 * in, the way back to the site and out, and the sections, folded behind a menu button on phones.
 */
export function AdminFrame({ email, children }: { email: string; children: ReactNode }) {
  const { logout } = useAuth();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation folds the sections away
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <header className="admin-header">
        <div className="admin-header-bar container">
          <Link to="/admin" className="admin-header-brand">
            {company.name} <span className="admin-header-tag">Admin</span>
          </Link>
          <button
            type="button"
            className="admin-header-menu"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen(!open)}
          >
            Menu
          </button>
          <div className="admin-header-account">
            <span className="admin-header-user">
              Signed in as <strong>{email}</strong>
            </span>
            <Link to="/">View site</Link>
            <button type="button" className="admin-header-signout" onClick={() => void logout()}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <div className="admin container">
        <AdminNav id={navId} open={open} />
        <main id="main" tabIndex={-1} className="admin-main">
          {children}
        </main>
      </div>
    </>
  );
}
