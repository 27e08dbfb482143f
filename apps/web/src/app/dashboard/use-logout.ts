import { useNavigate } from 'react-router';
import { loggedOut } from '../auth-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { paths } from '../paths';

/**
 * Log Out: the server revokes the refresh token's family, then tokens, user, the persisted store and
 * both browser storages are cleared (the store's listener does that) and the user lands on /login.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const refreshToken = useAppSelector((s) => s.auth.refreshToken);
  return async () => {
    if (refreshToken) {
      try {
        await fetch('/api/v1/auth/logout/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
      } catch (error) {
        // Signing out locally must not depend on the server answering.
        console.warn('Logout could not reach the server', error);
      }
    }
    dispatch(loggedOut());
    navigate(paths.login, { replace: true });
  };
}
