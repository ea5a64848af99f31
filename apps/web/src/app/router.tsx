import type { ComponentType } from 'react';
import type { FrontPath } from '@health/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProgressFallback } from '../shared/components/ProgressFallback';
import { landing, loginGuard, requirePage, requireSession } from './guards';
import type { PageEntry, RouteHandle } from '../shared/routing/route-handle';
import { PAGE_REGISTRY } from './page-registry';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** Lazy route component from a module's default export (every page is its own chunk). */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function registeredRoute(path: FrontPath, entry: PageEntry, guard: boolean): RouteObject {
  const handle: RouteHandle = { frontPath: path, tag: !entry.bare };
  return {
    path: path.slice(1),
    handle,
    loader: guard
      ? async (args) => {
          await requireSession(args);
          return requirePage(path)(args);
        }
      : requirePage(path),
    lazy: page(entry.load),
  };
}

const registered = Object.entries(PAGE_REGISTRY) as [FrontPath, PageEntry][];

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
      // Registered pages that render outside the shell (still behind session and permission).
      ...registered.filter(([, e]) => e.bare).map(([path, e]) => registeredRoute(path, e, true)),
      {
        id: 'layout',
        loader: requireSession,
        // Check the session on every navigation, as a global before-each guard would.
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('./layout/Layout')).Layout }),
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            loader: landing,
            handle: { titleKey: 'route.landing' } satisfies RouteHandle,
            lazy: page(() => import('./layout/NoPage')),
          },
          {
            path: 'redirect/*',
            handle: { titleKey: 'route.redirect', tag: false } satisfies RouteHandle,
            lazy: page(() => import('./pages/RedirectPage')),
          },
          {
            path: 'profile/index',
            handle: { titleKey: 'route.profile', tag: true } satisfies RouteHandle,
            lazy: page(() => import('../features/auth/profile/ProfilePage')),
          },
          ...registered
            .filter(([, e]) => !e.bare)
            .map(([path, e]) => registeredRoute(path, e, false)),
        ],
      },
      {
        path: '*',
        handle: { titleKey: 'route.notFound' } satisfies RouteHandle,
        lazy: page(() => import('./pages/NotFoundPage')),
      },
    ],
  },
];

/**
 * Create the router. Its loaders (the guard) run as soon as it exists, so the app creates it only
 * after the permission store knows the registered pages (see bootstrap).
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
