import { envelope } from '@health/contract';
import type { z } from 'zod';
import type { RouteAccessConfig } from './permissions.js';

/** Request bodies are form-encoded by default, JSON where the client prefers (spec §7). */
export const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

type Schema = z.ZodType | undefined;

export interface RouteSpec<Q extends Schema, B extends Schema, D extends Schema> {
  summary: string;
  /** The page(s) the route serves; defaults to the entity's page. */
  frontPath?: RouteAccessConfig['frontPath'];
  /** The page action beyond reading (add, edit, delete, export, ...). */
  action?: string;
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
