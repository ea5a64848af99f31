import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_API_SERVICE } from '@health/contract';

/**
 * The server's settings, read once from the environment and checked with zod.
 * Every setting has a default so `npm start` works on a fresh clone.
 */

/** apps/web/dist, found relative to this package (the same from src/ and from dist/). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export const DEFAULT_ADMIN_INITIAL_PASSWORD = 'Admin@123';
/** Requests per minute and IP allowed on the public auth endpoints (captcha, token). */
export const DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE = 60;
/** How often the job scheduler polls for due jobs. */
export const DEFAULT_JOBS_POLL_INTERVAL_MS = 5000;
/** Today's statistics are read again at most this often (数据截至 shows minutes). */
export const DEFAULT_STATS_REFRESH_MS = 5000;
/** Two: a list read beside another never waits for it, and the main thread keeps a core. */
export const DEFAULT_SQLITE_READ_WORKERS = 2;
/**
 * PostgreSQL connections of the list pages' reads (db/database.ts): at most this many list
 * queries in flight per server process. One fewer than the machine's cores (at least one): a
 * burst of lists then leaves a core to the server's thread and the database's other work
 * instead of filling the machine with busy backends while a light request waits for the CPU
 * (the measurements by pool size: docs/performance.md). With PostgreSQL on a larger machine of
 * its own, raise it.
 */
export const DEFAULT_PG_READ_CONNECTIONS = Math.max(1, os.availableParallelism() - 1);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanText = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0'].includes(v), {
      message: `${name} 只能是 true 或 false`,
    })
    .transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    NODE_ENV: z.string().trim().default('development'),
    PORT: z.coerce
      .number({ error: 'PORT 必须是数字' })
      .int('PORT 必须是整数')
      .min(1, 'PORT 必须在 1-65535 之间')
      .max(65535, 'PORT 必须在 1-65535 之间')
      .default(8080),
    HOST: z.string().trim().min(1, 'HOST 不能为空').default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1, 'DATA_DIR 不能为空').default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
        message: 'DATABASE_URL 必须以 postgres:// 或 postgresql:// 开头（不设置则使用内置 SQLite）',
      }),
    API_SERVICE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'API_SERVICE 只能包含字母、数字、下划线和连字符')
      .default(DEFAULT_API_SERVICE),
    ADMIN_INITIAL_PASSWORD: z
      .string()
      .min(1, 'ADMIN_INITIAL_PASSWORD 不能为空')
      .max(100, 'ADMIN_INITIAL_PASSWORD 过长')
      .default(DEFAULT_ADMIN_INITIAL_PASSWORD),
    DEMO_DATA: booleanText('DEMO_DATA').default(true),
    DEMO_SCALE: z.coerce
      .number({ error: 'DEMO_SCALE 必须是 0 到 1 之间的数字' })
      .min(0, 'DEMO_SCALE 必须是 0 到 1 之间的数字')
      .max(1, 'DEMO_SCALE 必须是 0 到 1 之间的数字')
      .default(1),
    CAPTCHA_ENABLED: booleanText('CAPTCHA_ENABLED').default(true),
    LOG_LEVEL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(LOG_LEVELS, { error: `LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')} 之一` }))
      .default('info'),
    WEB_DIST: z.string().trim().min(1).default(DEFAULT_WEB_DIST),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'AUTH_RATE_LIMIT_PER_MINUTE 必须是数字' })
      .int('AUTH_RATE_LIMIT_PER_MINUTE 必须是整数')
      .min(1, 'AUTH_RATE_LIMIT_PER_MINUTE 最小为 1')
      .default(DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE),
    TRUST_PROXY: booleanText('TRUST_PROXY').default(false),
    /** Unset: the API docs are public in development and need a session in production. */
    API_DOCS: booleanText('API_DOCS').optional(),
    JOBS_POLL_INTERVAL_MS: z.coerce
      .number({ error: 'JOBS_POLL_INTERVAL_MS 必须是数字' })
      .int('JOBS_POLL_INTERVAL_MS 必须是整数')
      .min(100, 'JOBS_POLL_INTERVAL_MS 最小为 100')
      .max(3_600_000, 'JOBS_POLL_INTERVAL_MS 最大为 3600000')
      .default(DEFAULT_JOBS_POLL_INTERVAL_MS),
    STATS_REFRESH_MS: z.coerce
      .number({ error: 'STATS_REFRESH_MS 必须是数字' })
      .int('STATS_REFRESH_MS 必须是整数')
      .min(0, 'STATS_REFRESH_MS 最小为 0')
      .max(60_000, 'STATS_REFRESH_MS 最大为 60000')
      .default(DEFAULT_STATS_REFRESH_MS),
    SQLITE_READ_WORKERS: z.coerce
      .number({ error: 'SQLITE_READ_WORKERS 必须是数字' })
      .int('SQLITE_READ_WORKERS 必须是整数')
      .min(0, 'SQLITE_READ_WORKERS 最小为 0')
      .max(16, 'SQLITE_READ_WORKERS 最大为 16')
      .default(DEFAULT_SQLITE_READ_WORKERS),
    PG_READ_CONNECTIONS: z.coerce
      .number({ error: 'PG_READ_CONNECTIONS 必须是数字' })
      .int('PG_READ_CONNECTIONS 必须是整数')
      .min(1, 'PG_READ_CONNECTIONS 最小为 1')
      .max(64, 'PG_READ_CONNECTIONS 最大为 64')
      .default(DEFAULT_PG_READ_CONNECTIONS),
    INGEST_WRITER_THREAD: booleanText('INGEST_WRITER_THREAD').default(true),
    SECRET_KEY: z
      .string()
      .trim()
      .min(32, 'SECRET_KEY 至少 32 个字符（可用 openssl rand -base64 32 生成）')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRET_KEY'],
        message:
          '使用 PostgreSQL（DATABASE_URL）时必须设置 SECRET_KEY，且所有进程使用同一个值（用于加密支付密钥等敏感配置）',
      });
    }
    if (!env.CAPTCHA_ENABLED && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_ENABLED'],
        message: '生产环境（NODE_ENV=production）不允许关闭验证码，请去掉 CAPTCHA_ENABLED=false',
      });
    }
  });

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute path of the data folder (the SQLite file and uploads live here). */
  dataDir: string;
  database:
    | {
        kind: 'sqlite';
        file: string;
        /** Worker threads that run the list pages' reads (db/read-pool.ts); 0: none. */
        readWorkers: number;
        /** Device readings stored on a thread of their own (device/ingest/writer.ts). */
        ingestWriterThread: boolean;
      }
    | {
        kind: 'postgres';
        url: string;
        /** Connections that run the list pages' reads, beside the main pool (db/database.ts). */
        readConnections: number;
      };
  /** The `{service}` path segment: the API lives under `/${apiService}`. */
  apiService: string;
  adminInitialPassword: string;
  demoData: boolean;
  /**
   * Share of the demo data that takes the app's own routes (the device readings through the
   * ingest API) to load: 1 by default; a test or e2e server takes less to start faster.
   */
  demoScale: number;
  captchaEnabled: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built web app. */
  webDist: string;
  authRateLimitPerMinute: number;
  /** Trust X-Forwarded-For from a reverse proxy when working out the client IP. */
  trustProxy: boolean;
  /**
   * The OpenAPI document at /{service}/docs is readable without a session (API_DOCS=true, or in
   * development); otherwise only a logged-in operator's browser or client reads it.
   */
  apiDocsPublic: boolean;
  /** How often the job scheduler looks for due jobs (scheduled notices, ...). */
  jobsPollIntervalMs: number;
  /**
   * 统计中心: how long today's numbers read from the raw tables are shared by the requests of one
   * process before they are read again (their asOf says when they were read); 0: each request.
   */
  statsRefreshMs: number;
  /**
   * Key material for encrypting secrets at rest (payment keys). Unset with the embedded database:
   * a random key is generated once into DATA_DIR/secret.key (see platform/secrets.ts).
   */
  secretKey: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置有误，服务无法启动：\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Build the config from an environment (process.env by default); throws ConfigError. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  // An empty variable counts as unset, so `PORT= npm start` still gets the default.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '');
        const value = name ? present[name] : undefined;
        return value === undefined ? issue.message : `${issue.message}（当前值：${value}）`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, readConnections: e.PG_READ_CONNECTIONS }
      : {
          kind: 'sqlite',
          file: path.join(dataDir, 'health.db'),
          readWorkers: e.SQLITE_READ_WORKERS,
          ingestWriterThread: e.INGEST_WRITER_THREAD,
        },
    apiService: e.API_SERVICE,
    adminInitialPassword: e.ADMIN_INITIAL_PASSWORD,
    demoData: e.DEMO_DATA,
    demoScale: e.DEMO_SCALE,
    captchaEnabled: e.CAPTCHA_ENABLED,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(cwd, e.WEB_DIST),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    apiDocsPublic: e.API_DOCS ?? e.NODE_ENV !== 'production',
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
    statsRefreshMs: e.STATS_REFRESH_MS,
    secretKey: e.SECRET_KEY ?? null,
  };
}
