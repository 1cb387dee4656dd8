import { Link, NavLink } from 'react-router';
import { useAuth } from '../lib/auth';

/** Login, or Welcome / Admin / Logout once the session is known to be signed in. */
export function AccountLinks({ variant }: { variant: 'header' | 'sheet' }) {
  const { user, logout } = useAuth();
  const linkClass = variant === 'header' ? 'nav-link' : 'sheet-link';
  if (!user) {
    return variant === 'header' ? (
      <Link to="/login" className="button button-small login-button">
        Login
      </Link>
    ) : (
      <li>
        <NavLink to="/login" className={linkClass}>
          Login
        </NavLink>
      </li>
    );
  }
  const items = (
    <>
      <NavLink to="/profile" className={`${linkClass} welcome-link`}>
        Welcome {user.first_name || 'User'}
      </NavLink>
      {user.role === 'admin' && (
        <NavLink to="/admin" className={linkClass}>
          Admin
        </NavLink>
      )}
      <button
        type="button"
        className={variant === 'header' ? 'button button-small button-outline' : linkClass}
        onClick={() => void logout()}
      >
        Logout
      </button>
    </>
  );
  return variant === 'header' ? (
    <div className="account-links">{items}</div>
  ) : (
    <li className="sheet-account">{items}</li>
  );
}
