import type { FrontPath } from '@health/contract';
import { findPage } from '@health/contract';
import type { RouteObject } from 'react-router';
import { generatePermission } from '../shared/permission/routes';
import type { PageEntry, RouteHandle } from '../shared/routing/route-handle';
import { usePermissionStore } from '../shared/stores/permission';
import { landing, requirePage, requireSession } from './guards';
import { PAGE_REGISTRY, REGISTERED_PATHS } from './page-registry';
import { page } from './route-page';
import { RouteError } from './RouteError';

/**
 * The logged-in routes: the layout shell with its pages and the registered pages outside it. The
 * router adds them under the root on the first navigation it cannot match without them
 * (app/router.tsx), so /login downloads neither the page registry nor the catalogue.
 */

// The pages this build has, for the menus and route checks (before any guard below runs).
usePermissionStore.getState().setRegistered(REGISTERED_PATHS, generatePermission);

function registeredRoute(path: FrontPath, entry: PageEntry, guard: boolean): RouteObject {
  const catalogued = findPage(path);
  const handle: RouteHandle = {
    frontPath: path,
    tag: !entry.bare,
    page: catalogued && { title: catalogued.title, titleEn: catalogued.titleEn },
  };
  return {
    path: path.slice(1),
    handle,
    loader: guard
      ? async (args) => {
          if (entry.opensWithLink?.()) return null;
          await requireSession(args);
          return requirePage(path)(args);
        }
      : requirePage(path),
    lazy: page(entry.load),
  };
}

const registered = Object.entries(PAGE_REGISTRY) as [FrontPath, PageEntry][];

export const appRoutes: RouteObject[] = [
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
      ...registered.filter(([, e]) => !e.bare).map(([path, e]) => registeredRoute(path, e, false)),
    ],
  },
];
