import {
  actionKey,
  findPage,
  isPermissionKey,
  type AnyPageAction,
  type FrontPath,
} from '@health/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Authenticator } from './auth.js';
import { PasswordChangeRequiredError, PermissionError } from './errors.js';

/**
 * How a route says who may call it. Every route under `/{service}/` (except the API docs) must
 * declare one of these in its `config`, or the app refuses to start:
 *
 *   config: { public: true }                                  // no login (captcha, token)
 *   config: { frontPath: ANY_OPERATOR }                       // any logged-in operator
 *   config: { frontPath: PAGES.overview }               // reading a page
 *   config: { frontPath: PAGES.members, action: 'export' }   // an action on a page
 *   config: { frontPath: ['/a/list', '/b/list'] }             // any one of several pages
 *
 * Every non-public route is authenticated (266 without a live session) and then checked against
 * the operator's group (267). The super-admin group passes every check. A session that must still
 * change its first password may only call the routes marked `beforePasswordChange` (268 otherwise).
 */
export const ANY_OPERATOR = 'any';

export interface RouteAccessConfig {
  /** No login needed. */
  public?: boolean;
  /** The front path(s) the route serves, or ANY_OPERATOR. */
  frontPath?: FrontPath | typeof ANY_OPERATOR | readonly FrontPath[];
  /**
   * For anything beyond reading: the page action (add, edit, delete, export, reveal, ...), or
   * several of which any one suffices (a lab report's file upload serves both add and edit).
   */
  action?: AnyPageAction | readonly AnyPageAction[];
  /**
   * Callable by a session that must still change its first password (user info, resources, the
   * password change itself). Every other route refuses such a session on the server.
   */
  beforePasswordChange?: boolean;
  /**
   * A credential the route takes instead of a session: when the request carries the header,
   * `verify` checks it (throwing 266 when it is not good) and neither the session nor the
   * permission is checked. Only the large screen's snapshot and stream take one (a screen link's
   * token); every other route ignores the header.
   */
  linkToken?: LinkTokenAccess;
}

export interface LinkTokenAccess {
  /** The header's name, lower case. */
  header: string;
  verify: (token: string, request: FastifyRequest) => Promise<void>;
}

/** One API route as the guard saw it: what it requires and the zod schemas of its input. */
export interface RouteTableEntry {
  method: string;
  url: string;
  public: boolean;
  /** The keys of which the operator must hold one; null: any logged-in operator. */
  requiredKeys: string[] | null;
  beforePasswordChange: boolean;
  /** The header of the link token it takes instead of a session (see RouteAccessConfig). */
  linkTokenHeader: string | null;
  /** Request body content types it accepts (multipart uploads, form, JSON). */
  consumes: readonly string[];
  schema: { body?: unknown; querystring?: unknown };
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccessConfig {}
  interface FastifyInstance {
    /** Every API route with its access rule and input schemas (see installRouteGuards). */
    routeTable: readonly RouteTableEntry[];
  }
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
  const actions: readonly AnyPageAction[] =
    action === undefined ? [] : typeof action === 'string' ? [action] : action;
  return pages.flatMap((page) => {
    if (!findPage(page)) throw new Error(`${routeName}: unknown front path ${page}`);
    if (actions.length === 0) return [page];
    return actions.map((a) => {
      const key = actionKey(page, a);
      if (!isPermissionKey(key)) throw new Error(`${routeName}: ${page} has no action "${a}"`);
      return key;
    });
  });
}

/** Whose permissions are checked: a request's operator or a service's Actor. */
export interface KeyHolder {
  builtin: boolean;
  grants: ReadonlySet<string>;
}

export function holdsAny(operator: KeyHolder, keys: readonly string[]): boolean {
  return operator.builtin || keys.some((key) => operator.grants.has(key));
}

/** The keys among `keys` that the operator does not hold itself (none for a super-admin). */
export function keysNotHeld(operator: KeyHolder, keys: Iterable<string>): string[] {
  if (operator.builtin) return [];
  return [...keys].filter((key) => !operator.grants.has(key));
}

/**
 * Whether the operator holds a whole group — every key the group grants — and so may put an
 * account into it, manage the accounts in it, or edit it. Only a super-admin holds the built-in
 * group (it holds keys that do not exist yet).
 */
export function holdsGroup(
  operator: KeyHolder,
  group: { builtin: boolean; grants: ReadonlySet<string> },
): boolean {
  if (operator.builtin) return true;
  if (group.builtin) return false;
  return keysNotHeld(operator, group.grants).length === 0;
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * The session check of every guarded route, and of anything else that needs a logged-in operator
 * (the API document): a live session (266), whose first password has been changed (268) unless
 * the caller says the route is one of the few allowed before.
 */
export function requireSession(
  authenticator: Authenticator,
  opts: { beforePasswordChange?: boolean } = {},
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await authenticator.authenticate(request);
    if (!opts.beforePasswordChange && request.operator?.needChangeType === 'first')
      throw new PasswordChangeRequiredError();
  };
}

/**
 * Install the guard on every route as it is added: authenticate, then check the declared
 * permission. A route that declares nothing makes startup fail — forgetting is not possible.
 * Returns the route table (filled as routes are added), which the security tests walk.
 */
export function installRouteGuards(
  app: FastifyInstance,
  opts: { apiPrefix: string; unguardedPrefixes: string[]; authenticator: Authenticator },
): RouteTableEntry[] {
  const table: RouteTableEntry[] = [];
  const session = requireSession(opts.authenticator);
  const sessionBeforeChange = requireSession(opts.authenticator, { beforePasswordChange: true });

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!url.startsWith(`${opts.apiPrefix}/`)) return;
    if (opts.unguardedPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)))
      return;
    const access: RouteAccessConfig = route.config ?? {};
    const methods = asArray(route.method as string | string[]).filter((m) => m !== 'HEAD');
    const schema = (route.schema ?? {}) as {
      body?: unknown;
      querystring?: unknown;
      consumes?: string[];
    };
    const entryOf = (required: string[] | null) =>
      methods.map((method) => ({
        method,
        url,
        public: access.public === true,
        requiredKeys: required,
        beforePasswordChange: access.beforePasswordChange === true,
        linkTokenHeader: access.linkToken?.header ?? null,
        consumes: schema.consumes ?? [],
        schema: { body: schema.body, querystring: schema.querystring },
      }));
    if (access.public) {
      table.push(...entryOf(null));
      return;
    }
    const routeName = `${String(route.method)} ${url}`;
    const required = requiredKeysOf(access, routeName);
    table.push(...entryOf(required));
    const checkSession = access.beforePasswordChange ? sessionBeforeChange : session;
    const linkToken = access.linkToken;
    const guard = async (request: FastifyRequest) => {
      if (linkToken) {
        const token = request.headers[linkToken.header];
        if (typeof token === 'string' && token !== '') return linkToken.verify(token, request);
      }
      await checkSession(request);
      if (required && (!request.operator || !holdsAny(request.operator, required)))
        throw new PermissionError();
    };
    // Documented in OpenAPI as needing the bearer token.
    route.schema = { ...route.schema, security: [{ bearer: [] }] } as typeof route.schema;
    // A new array (not a push) so the HEAD twin Fastify derives from a GET gets the hooks once.
    route.onRequest = [
      ...asArray(route.onRequest as onRequestHookHandler | onRequestHookHandler[]),
      guard,
    ];
  });
  return table;
}

/**
 * For a route that serves several pages (declared in its config) and learns from the request which
 * one is meant — e.g. one settings endpoint for every settings section: 267 unless the operator
 * holds that page (and action). The declared list stays the outer bound, checked by the guard.
 */
export function assertHolds(
  request: FastifyRequest,
  frontPath: FrontPath,
  action?: AnyPageAction,
): void {
  if (!holdsPage(request, frontPath, action)) throw new PermissionError();
}

/** Whether the request's operator holds the page (and action); see `assertHolds`. */
export function holdsPage(
  request: FastifyRequest,
  frontPath: FrontPath,
  action?: AnyPageAction,
): boolean {
  const keys = requiredKeysOf({ frontPath, action }, `${request.method} ${request.url}`) ?? [];
  return (
    request.operator !== undefined && request.operator !== null && holdsAny(request.operator, keys)
  );
}
