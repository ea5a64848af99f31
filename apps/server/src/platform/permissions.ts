import { actionKey, findPage, isPermissionKey } from '@health/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { AuthenticatedOperator, Authenticator } from './auth.js';
import { PermissionError } from './errors.js';

/**
 * How a route says who may call it. Every route under `/{service}/` (except the API docs) must
 * declare one of these in its `config`, or the app refuses to start:
 *
 *   config: { public: true }                                  // no login (captcha, token)
 *   config: { frontPath: ANY_OPERATOR }                       // any logged-in operator
 *   config: { frontPath: '/sysset_home/basic' }               // reading a page
 *   config: { frontPath: '/member_manage/lists', action: 'export' }   // an action on a page
 *   config: { frontPath: ['/a/list', '/b/list'] }             // any one of several pages
 *
 * Every non-public route is authenticated (266 without a live session) and then checked against
 * the operator's group (267). The super-admin group passes every check.
 */
export const ANY_OPERATOR = 'any';

export interface RouteAccessConfig {
  /** No login needed. */
  public?: boolean;
  /** The front path(s) the route serves, or ANY_OPERATOR. */
  frontPath?: string | readonly string[];
  /** For anything beyond reading: the page action (add, edit, delete, export, reveal, ...). */
  action?: string;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccessConfig {}
}

/** The keys a route requires (any one suffices), or null when any logged-in operator may call it. */
export function requiredKeysOf(access: RouteAccessConfig, routeName: string): string[] | null {
  const { frontPath, action } = access;
  if (frontPath === undefined) {
    throw new Error(
      `${routeName}: declare config.frontPath (the page it serves, or ANY_OPERATOR) or config.public`,
    );
  }
  if (frontPath === ANY_OPERATOR) {
    if (action) throw new Error(`${routeName}: an action needs a front path, not ANY_OPERATOR`);
    return null;
  }
  const pages = typeof frontPath === 'string' ? [frontPath] : [...frontPath];
  if (pages.length === 0) throw new Error(`${routeName}: config.frontPath is empty`);
  return pages.map((page) => {
    if (!findPage(page)) throw new Error(`${routeName}: unknown front path ${page}`);
    if (!action) return page;
    const key = actionKey(page, action);
    if (!isPermissionKey(key)) throw new Error(`${routeName}: ${page} has no action "${action}"`);
    return key;
  });
}

export function holdsAny(operator: AuthenticatedOperator, keys: readonly string[]): boolean {
  return operator.builtin || keys.some((key) => operator.grants.has(key));
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Install the guard on every route as it is added: authenticate, then check the declared
 * permission. A route that declares nothing makes startup fail — forgetting is not possible.
 */
export function installRouteGuards(
  app: FastifyInstance,
  opts: { apiPrefix: string; unguardedPrefixes: string[]; authenticator: Authenticator },
): void {
  const authenticate: onRequestHookHandler = async (request) => {
    await opts.authenticator.authenticate(request);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!url.startsWith(`${opts.apiPrefix}/`)) return;
    if (opts.unguardedPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)))
      return;
    const access: RouteAccessConfig = route.config ?? {};
    if (access.public) return;
    const routeName = `${String(route.method)} ${url}`;
    const required = requiredKeysOf(access, routeName);
    const hooks: onRequestHookHandler[] = [authenticate];
    if (required) {
      hooks.push(async (request: FastifyRequest) => {
        if (!request.operator || !holdsAny(request.operator, required)) throw new PermissionError();
      });
    }
    // Documented in OpenAPI as needing the bearer token.
    route.schema = { ...route.schema, security: [{ bearer: [] }] } as typeof route.schema;
    // A new array (not a push) so the HEAD twin Fastify derives from a GET gets the hooks once.
    route.onRequest = [
      ...asArray(route.onRequest as onRequestHookHandler | onRequestHookHandler[]),
      ...hooks,
    ];
  });
}

/**
 * For a route that serves several pages (declared in its config) and learns from the request which
 * one is meant — e.g. one settings endpoint for every settings section: 267 unless the operator
 * holds that page (and action). The declared list stays the outer bound, checked by the guard.
 */
export function assertHolds(request: FastifyRequest, frontPath: string, action?: string): void {
  const keys = requiredKeysOf({ frontPath, action }, `${request.method} ${request.url}`) ?? [];
  if (!request.operator || !holdsAny(request.operator, keys)) throw new PermissionError();
}
