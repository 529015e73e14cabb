import { useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { toast } from '../../components/Toasts.tsx';
import { patterns, paths } from '../../paths.ts';
import { messageOf } from '../../api.ts';
import { useSession } from '../../core/useSession.ts';
import { useSignOut } from './useSignOut.ts';
import { m } from '../../../paraglide/messages.js';

// The screens that are the login form already: no 'Log In/Sign Up' link there.
const authScreens = [patterns.home, patterns.auth, patterns.forgotPassword, patterns.resetPassword];

/** Right side of the navbar (spec §2 Home): 'Logout' for members, 'Log In/Sign Up' otherwise. */
export function AccountNavActions() {
  const { status } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);

  if (status === 'loading' || status === 'error') return null;

  if (status === 'member') {
    const logout = async () => {
      setBusy(true);
      try {
        await signOut();
      } catch (error) {
        toast.error(messageOf(error));
      } finally {
        setBusy(false);
      }
    };
    return (
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={busy}
        onClick={() => void logout()}
      >
        {m.shell_logout()}
      </button>
    );
  }

  if (authScreens.some((pattern) => matchPath(pattern, pathname))) return null;
  return (
    <Link className="button button-secondary button-small" to={paths.home}>
      {m.shell_log_in_sign_up()}
    </Link>
  );
}
