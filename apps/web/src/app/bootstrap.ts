import { configureApi } from '../shared/api/client';
import { loginPath } from '../shared/session/session-rules';
import { clearSession } from '../shared/session/session';
import { usePermissionStore } from '../shared/stores/permission';
import { LOGIN_PATH } from '../shared/permission/fixed-paths';
import { REGISTERED_PATHS } from './page-registry';
import { createAppRouter, type AppRouter } from './router';

/**
 * Wire the app layer into shared code — the pages this build has, where the API client navigates —
 * then create the router (whose guard needs the former).
 */
export function bootstrap(): AppRouter {
  usePermissionStore.getState().setRegistered(REGISTERED_PATHS);
  const here = () => `${window.location.pathname}${window.location.search}`;
  configureApi({
    onSessionInvalid: () => {
      clearSession();
      void router.navigate(loginPath(here()), { replace: true });
    },
    onNoPermission: () => {
      clearSession();
      void router.navigate(LOGIN_PATH, { replace: true });
    },
    onRelogin: () => {
      clearSession();
      window.location.reload();
    },
  });
  // The handlers above only run once the router exists.
  const router = createAppRouter();
  return router;
}
