import { configureApi } from '../shared/api/client';
import { loginPath } from '../shared/session/session-rules';
import { clearSession } from '../shared/session/session';
import { useSettingsStore } from '../shared/stores/settings';
import { fetchPublicSiteInfo } from '../features/system/settings/api';
import { LOGIN_PATH } from '../shared/permission/fixed-paths';
import { createAppRouter, type AppRouter } from './router';

/**
 * Wire the app layer into shared code — where the API client navigates — then create the router
 * (whose guard needs the former). The pages this build has are registered with the logged-in
 * routes when they load (app-routes.tsx).
 */
export function bootstrap(): AppRouter {
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
  // The platform name (site_info) is the product title of every page; the site_info page updates
  // it after saving. Without an answer the contract's default title stays.
  void fetchPublicSiteInfo()
    .then((site) => {
      const settings = useSettingsStore.getState();
      settings.setTitle(site.platformName);
      settings.setLogo(site.adminLogo || site.logo);
    })
    .catch(() => undefined);
  // The handlers above only run once the router exists.
  const router = createAppRouter();
  return router;
}
