import { randomUUID } from 'node:crypto';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { ApiPaths, DEFAULT_PRODUCT_TITLE, Messages, State } from '@health/contract';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { auth, randomCaptchaText } from './modules/auth/index.js';
import { authority } from './modules/authority/index.js';
import { decorate } from './modules/decorate/index.js';
import { device } from './modules/device/index.js';
import { marketing } from './modules/marketing/index.js';
import { member } from './modules/member/index.js';
import { report } from './modules/report/index.js';
import { health } from './modules/health/index.js';
import { integralmall } from './modules/integralmall/index.js';
import { statistics } from './modules/statistics/index.js';
import { system } from './modules/system/index.js';
import type { Area, RoutePlugin } from './platform/area.js';
import { AuditService } from './platform/audit.js';
import { AuditLabelBook, PLATFORM_AUDIT_LABELS } from './platform/audit-labels.js';
import { Authenticator } from './platform/auth.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import { registerApiDocs } from './platform/docs.js';
import { failure } from './platform/envelope.js';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandler,
} from './platform/error-handler.js';
import { installInputGuards } from './platform/input-guards.js';
import { redactingLoggerOptions } from './platform/log-redaction.js';
import { TooManyRequestsError } from './platform/errors.js';
import { GrantsCache } from './platform/grants.js';
import { JobScheduler } from './platform/jobs.js';
import { installRouteGuards, requireSession } from './platform/permissions.js';
import { openSecretBox, type SecretBox } from './platform/secrets.js';
import { SessionStore } from './platform/sessions.js';
import { SettingsService } from './platform/settings.js';
import { LocalDiskStorage, type FileStorage } from './platform/storage.js';
import { registerUploadServing } from './platform/uploads.js';
import { TodoRegistry } from './platform/todos.js';
import { isHistoryPath, registerWebApp } from './platform/web-app.js';

// zod's own messages (wrong type, bad enum, ...) in Chinese; the contract's schemas carry theirs.
z.config(z.locales.zhCN());

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type { RoutePlugin } from './platform/area.js';

/**
 * The areas of the product, in the order their routes are registered, their demo data loaded and
 * their operation-log labels listed (authority before system: the system's demo settings name the
 * demo operators). Adding an area adds it here (docs/server-areas.md).
 */
export const AREAS: readonly Area[] = [
  auth,
  authority,
  system,
  member,
  device,
  report,
  health,
  integralmall,
  decorate,
  statistics,
  marketing,
];

/** The operation log's labels: the platform's, then each area's. */
export function auditLabelBook(): AuditLabelBook {
  return new AuditLabelBook([
    PLATFORM_AUDIT_LABELS,
    ...AREAS.flatMap((area) => (area.audit ? [area.audit] : [])),
  ]);
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** Text of new captchas; tests pass their own to know the answer. */
  captchaText?: () => string;
  /** Clock for tokens, locks and expiry; tests move it. */
  now?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** More route plugins, registered under `/{service}` like the modules (tests add probes). */
  extraRoutes?: RoutePlugin[];
  /** Secrets at rest; by default from SECRET_KEY or DATA_DIR/secret.key. */
  secrets?: SecretBox;
  /** Uploaded files; by default DATA_DIR/uploads on local disk. */
  storage?: FileStorage;
  /** Refuse operation-log entries that have no label (the API tests turn it on). */
  strictAuditLabels?: boolean;
  /**
   * Bootstrap has just loaded the demo data into a new database: once ready, the app loads the
   * demo data that takes its own routes (Area.demoThroughApi: the device readings).
   */
  demoLoaded?: boolean;
  /** Share of that demo data to load (default 1; tests take less). */
  demoScale?: number;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const UPLOAD_LIMITS = { fileSize: 20 * 1024 * 1024, files: 10, fields: 100, parts: 1000 };
/** An incoming X-Request-Id (from a proxy) is kept only when it looks like an id. */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming)
    ? incoming
    : randomUUID();
}

/**
 * Fastify writes two info lines a request ("incoming request", "request completed"): here the
 * arrival is at debug, and the answer's line at info says what the request was too.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Build the whole app (plugins, platform, modules, web) without listening. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, db } = opts;
  const now = opts.now ?? systemClock;
  const apiPrefix = `/${config.apiService}`;
  const docsPrefix = `${apiPrefix}${ApiPaths.docs}`;

  // Personal data never reaches the log (log-redaction.ts); a caller's logger keeps the rules.
  const logger =
    opts.logger === false
      ? false
      : {
          level: config.logLevel,
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
          ...redactingLoggerOptions(),
        };
  const app = Fastify({
    logger,
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new OneLinePerRequest(),
    // Requests refused before routing answer the envelope too (error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('operator', null);
  const apiRoot = `${apiPrefix}/`;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers hold operator and member data: no browser or proxy may keep a copy.
    if (request.url.startsWith(apiRoot)) reply.header('cache-control', 'no-store');
  });
  installErrorHandler(app);
  installInputGuards(app);

  const sessions = new SessionStore(db, now);
  const grants = new GrantsCache(db);
  const authenticator = new Authenticator(sessions, grants, now);
  const ctx: AppContext = {
    config,
    db,
    now,
    audit: new AuditService(db, now, auditLabelBook(), {
      strictLabels: opts.strictAuditLabels ?? false,
    }),
    settings: new SettingsService(db, now),
    sessions,
    grants,
    authenticator,
    secrets: opts.secrets ?? (await openSecretBox(config)),
    storage: opts.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'uploads')),
    todos: new TodoRegistry(),
    jobs: new JobScheduler(db, now, { pollIntervalMs: config.jobsPollIntervalMs, log: app.log }),
    captchaText: opts.captchaText ?? randomCaptchaText,
  };

  app.decorate('jobs', ctx.jobs);
  // Graceful shutdown: no new job is claimed and the running ones finish before the app closes.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.storage.close?.();
  });

  const routeTable = installRouteGuards(app, {
    apiPrefix,
    unguardedPrefixes: [docsPrefix],
    authenticator,
  });
  app.decorate('routeTable', routeTable);

  // Security headers. helmet's middleware is built once here: @fastify/helmet builds a new one on
  // every request, re-parsing the CSP directives (~4 % of a user-info request in a CPU profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd (CSS-in-JS) and Swagger UI inject style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Plain HTTP on a LAN address must keep working; TLS is the proxy's business.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
  await app.register(formbody);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await registerApiDocs(app, {
    docsPrefix,
    title: `${DEFAULT_PRODUCT_TITLE} 管理后台 API`,
    // Not public in production unless API_DOCS=true: a logged-in operator reads the document.
    guardDocument: config.apiDocsPublic ? undefined : requireSession(authenticator),
  });

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['platform'],
        summary: '健康检查（检查数据库连接）',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );

  for (const area of AREAS) {
    for (const [kind, handler] of Object.entries(area.jobs?.(ctx) ?? {}))
      ctx.jobs.register(kind, handler);
    for (const todo of area.todos?.(ctx) ?? []) ctx.todos.register(todo);
    await area.start?.(ctx);
    for (const plugin of area.routes) await app.register(plugin, { ctx, prefix: apiPrefix });
  }
  for (const plugin of opts.extraRoutes ?? [])
    await app.register(plugin, { ctx, prefix: apiPrefix });

  registerUploadServing(app, ctx.storage);
  const web = await registerWebApp(app, { webDist: config.webDist, apiPrefix });
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === apiPrefix || urlPath.startsWith(`${apiPrefix}/`);
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (web && !isApi && isPageRequest && isHistoryPath(urlPath)) return web.sendIndex(reply);
    return reply.code(404).send(failure(State.FAILED, Messages.notFound));
  });

  await ctx.settings.reload();
  await app.ready();
  if (opts.demoLoaded)
    for (const area of AREAS) await area.demoThroughApi?.(app, ctx, opts.demoScale ?? 1);
  return app;
}
