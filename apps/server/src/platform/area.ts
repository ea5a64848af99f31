import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DemoContext } from '../db/demo/context.js';
import type { Database } from '../db/schema.js';
import type { AuditLabels } from './audit-labels.js';
import type { AppContext } from './context.js';
import type { JobHandler } from './jobs.js';
import type { TodoDef } from './todos.js';

/** A route plugin of an entity, registered under `/{service}`. */
export type RoutePlugin = FastifyPluginAsyncZod<{ ctx: AppContext }>;

/** What demo data that takes the app's own routes gets of the app (no server listens yet). */
export type DemoApp = Pick<FastifyInstance, 'inject' | 'log'>;

/**
 * One top tab of the product (auth, system, authority, member, ...) as the app registers it: its
 * entities' routes, its operation-log module labels, its jobs and to-dos, and its demo data. Its
 * tables are typed in `db/schema/<area>.ts`; its migrations are listed in `db/migrations/index.ts`.
 * `modules/<area>/index.ts` exports one; `app.ts` lists them. See docs/adding-an-area.md.
 */
export interface Area {
  /** The area's word, shared with the web and the contract. */
  name: string;
  /** Its entities' route plugins, registered in this order. */
  routes: readonly RoutePlugin[];
  /** The operation-log labels of what it writes: modules, actions, snapshot fields, target words. */
  audit?: AuditLabels;
  /** Job handlers by kind (the scheduler runs them). */
  jobs?: (ctx: AppContext) => Readonly<Record<string, JobHandler>>;
  /** The home overview's to-dos it contributes. */
  todos?: (ctx: AppContext) => readonly TodoDef[];
  /** Start-up work once its jobs are registered (e.g. keep a daily job scheduled). */
  start?: (ctx: AppContext) => Promise<void>;
  /** Its demo data, loaded once into a new database (areas in the order of the list). */
  demo?: (db: Kysely<Database>, demo: DemoContext) => Promise<void>;
  /**
   * Demo data that must take the app's own routes (the device readings go through the signed
   * ingest API, as a device's would): run once the app is ready, after `demo` has just loaded a new
   * database (buildApp's `demoLoaded`), areas in order; `app.inject` reaches the routes. `scale`
   * (0–1, 1 at a real first start) is the share of it to load: tests take less.
   */
  demoThroughApi?: (app: DemoApp, ctx: AppContext, scale: number) => Promise<void>;
}
