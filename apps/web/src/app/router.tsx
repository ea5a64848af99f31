import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ProgressFallback } from '../shared/components/ProgressFallback';
import { loadAppRoutes, setAppRoutesLoader } from '../shared/routing/app-routes';
import type { RouteHandle } from '../shared/routing/route-handle';
import { currentSessionStatus } from '../shared/session/session';
import type * as AppRoutes from './app-routes';
import { page } from './route-page';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** A logged-in user opening /login goes to the root. */
function loginGuard(): null {
  if (currentSessionStatus() === 'active') throw redirect('/');
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    hydrateFallbackElement: <ProgressFallback />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        loader: loginGuard,
        handle: { titleKey: 'route.login' } satisfies RouteHandle,
        lazy: page(() => import('../features/auth/login/LoginPage')),
      },
      {
        path: '401',
        handle: { titleKey: 'route.unauthorized' } satisfies RouteHandle,
        lazy: page(() => import('./pages/UnauthorizedPage')),
      },
      {
        path: '404',
        handle: { titleKey: 'route.notFound' } satisfies RouteHandle,
        lazy: page(() => import('./pages/NotFoundPage')),
      },
      {
        path: 'auth-redirect',
        handle: { titleKey: 'route.authRedirect' } satisfies RouteHandle,
        lazy: page(() => import('../features/auth/login/AuthRedirectPage')),
      },
      {
        // Public agreement page (no login): /auth_agreement?code=user_agreement
        path: 'auth_agreement',
        lazy: page(() => import('../features/system/agreements/AuthAgreementPage')),
      },
      {
        // Public app download page (no login), from APP配置.
        path: 'openinstall',
        lazy: page(() => import('../features/system/app-info/OpenInstallPage')),
      },
      {
        // Public device return page (no login): the return address and the filing form.
        path: 'equipment-return-address',
        // Titled by the page itself (usePageTitle), in the current language.
        handle: {} satisfies RouteHandle,
        lazy: page(() => import('../features/device/returns/ReturnAddressPage')),
      },
      {
        // Public health report (no login): opened by the member's signed link.
        path: 'health-report-preview',
        handle: {} satisfies RouteHandle,
        lazy: page(() => import('../features/health/reports/PublicReportPage')),
      },
      {
        // Public health videos (no login): the enabled videos of 健康视频, by category.
        path: 'video-list',
        handle: {} satisfies RouteHandle,
        lazy: page(() => import('../features/decorate/videos/PublicVideoListPage')),
      },
      {
        // Public preview of a 装修 page's draft (no login): DECORATE_PREVIEW_PAGE?token=.
        path: 'm/preview',
        handle: {} satisfies RouteHandle,
        lazy: page(() => import('../features/decorate/pages/PreviewPage')),
      },
      {
        // A published 装修 topic (no login): /m/topic?id=, the link 专题装修 copies.
        path: 'm/topic',
        handle: {} satisfies RouteHandle,
        lazy: page(() => import('../features/decorate/pages/PreviewPage')),
      },
      // The logged-in routes (./app-routes.tsx) join here when first needed.
      {
        path: '*',
        handle: { titleKey: 'route.notFound' } satisfies RouteHandle,
        lazy: page(() => import('./pages/NotFoundPage')),
      },
    ],
  },
];

type AppRoutesModule = typeof AppRoutes;
let appRoutesLoad: Promise<AppRoutesModule> | null = null;
setAppRoutesLoader(() => (appRoutesLoad ??= import('./app-routes')));

/**
 * Create the router. The logged-in routes load with their first navigation: react-router asks
 * (patchRoutesOnNavigation) whenever a path matches nothing but the 404 splat. Their guard runs
 * only after the app's API handlers are configured (see bootstrap).
 */
export function createAppRouter() {
  let patched = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return;
      const { appRoutes } = (await loadAppRoutes()) as AppRoutesModule;
      if (patched) return;
      patched = true;
      patch('root', appRoutes);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
