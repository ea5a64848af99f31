import { envelope, type AnyPageAction } from '@health/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from './envelope.js';
import type { RouteAccessConfig } from './permissions.js';

/** Request bodies are form-encoded by default, JSON where the client prefers (spec §7). */
export const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

type Schema = z.ZodType | undefined;

export interface RouteSpec<Q extends Schema, B extends Schema, D extends Schema> {
  summary: string;
  /** The page(s) the route serves; defaults to the entity's page. */
  frontPath?: RouteAccessConfig['frontPath'];
  /** The page action beyond reading (add, edit, delete, export, ...). */
  action?: AnyPageAction;
  querystring?: Q;
  /** A body, form-encoded or JSON. */
  body?: B;
  /** The `data` of the 200 envelope. */
  data?: D;
}

/** What `app.get` / `app.post` take as options (the zod schemas keep their types for inference). */
export interface RouteOptions<Q extends Schema, B extends Schema, D extends Schema> {
  config: RouteAccessConfig;
  schema: {
    tags: string[];
    summary: string;
    consumes?: string[];
    querystring: Q;
    body: B;
    response: D extends z.ZodType ? { 200: ReturnType<typeof envelope<D>> } : undefined;
  };
}

/**
 * The options of an entity's routes, written once: its OpenAPI tags and its page, then per route
 * the summary, the action, the input schemas and the answer's data schema.
 *
 *   const route = routeOptions(['search'], PAGE);
 *   app.get(SearchPaths.list, route({ summary: '搜索词列表', querystring: listQuery, data: page }),
 *     async (request) => ok(await search.list(request.query)));
 */
export function routeOptions(tags: string[], frontPath: RouteAccessConfig['frontPath']) {
  return <Q extends Schema = undefined, B extends Schema = undefined, D extends Schema = undefined>(
    spec: RouteSpec<Q, B, D>,
  ): RouteOptions<Q, B, D> => {
    const schema: Record<string, unknown> = { tags, summary: spec.summary };
    if (spec.body) {
      schema.consumes = FORM_OR_JSON;
      schema.body = spec.body;
    }
    if (spec.querystring) schema.querystring = spec.querystring;
    if (spec.data) schema.response = { 200: envelope(spec.data) };
    const config: RouteAccessConfig = { frontPath: spec.frontPath ?? frontPath };
    if (spec.action) config.action = spec.action;
    return { config, schema } as unknown as RouteOptions<Q, B, D>;
  };
}

type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** A route's request as its handler sees it: the parsed query and body. */
export type RouteRequest<Q extends Schema, B extends Schema> = FastifyRequest & {
  query: Parsed<Q>;
  body: Parsed<B>;
};

type Data<D extends Schema> = D extends z.ZodType ? z.input<D> : unknown;
/** What `run` gives: the data, or nothing where the data is `null`. */
type Answer<D extends Schema> = null extends Data<D> ? Data<D> | void : Data<D>;

/** A route that answers `ok(await run(request), message)`. */
export interface StandardRoute<
  Q extends Schema,
  B extends Schema,
  D extends Schema,
> extends RouteSpec<Q, B, D> {
  /** The service call; its result is the answer's `data` (nothing: `data: null`). */
  run: (request: RouteRequest<Q, B>) => Promise<Answer<D>>;
  /** The answer's `msg` (default: 操作成功), fixed or from the data. */
  message?: string | ((data: Data<D>) => string);
}

/**
 * The usual routes of an entity, one call each: the path, the options (as `routeOptions` takes
 * them) and the service call whose result is the answer's data. Routes stay HTTP-free at the
 * service: `run` passes `actorOf(request)` and plain values. A route that does more (an export,
 * a header, a public route) keeps its own `app.get` / `app.post`.
 *
 *   const { get, post } = standardRoutes(app, routeOptions(['search'], PAGE));
 *   get(SearchPaths.list, { summary: '搜索词列表', querystring: listQuery, data: page,
 *     run: (request) => search.list(request.query) });
 *   post(SearchPaths.add, { summary: '新增搜索词', action: 'add', body: save, data: idData,
 *     run: async (request) => ({ id: await search.save(actorOf(request), request.body) }),
 *     message: '已新增' });
 */
export function standardRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  route: ReturnType<typeof routeOptions>,
) {
  const register =
    (method: 'GET' | 'POST') =>
    <Q extends Schema = undefined, B extends Schema = undefined, D extends Schema = undefined>(
      path: string,
      spec: StandardRoute<Q, B, D>,
    ): void => {
      const { run, message } = spec;
      app.route({
        method,
        url: path,
        ...(route(spec) as RouteOptions<undefined, undefined, undefined>),
        handler: async (request) => {
          const data = ((await run(request as RouteRequest<Q, B>)) ?? null) as Data<D>;
          return ok(data, typeof message === 'function' ? message(data) : message);
        },
      });
    };
  return { get: register('GET'), post: register('POST') };
}
