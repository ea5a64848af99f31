import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, Messages, type Envelope } from '@health/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type RoutePlugin } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { bootstrapDatabase } from '../../src/db/bootstrap.js';
import type { Db } from '../../src/db/database.js';
import { hashPassword } from '../../src/platform/passwords.js';
import type { SecretBox } from '../../src/platform/secrets.js';
import type { NeedChangeType, StaffRole } from '../../src/db/schema.js';
import { toDbBool } from '../../src/db/values.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';

export const ADMIN_PASSWORD = 'Admin@123';
/** Cheap scrypt cost for operators created by tests (the cost is stored with each hash). */
const FAST_SCRYPT = { N: 1024, r: 8, p: 1 };

export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface TestApp {
  app: App;
  db: Db;
  config: AppConfig;
  database: TestDatabase;
  clock: TestClock;
  /** The text the next captcha will show. */
  captcha: { next: string };
  /** `/api` + path. */
  api(path: string): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (strings, like the real environment). */
  env?: Record<string, string>;
  demoData?: boolean;
  extraRoutes?: RoutePlugin[];
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /**
   * Secrets at rest for bootstrap and the app. The demo devices need it (their secrets are
   * sealed): with demoData and no box, the demo has no devices and so no readings.
   */
  secrets?: SecretBox;
}

/** A real app on a fresh database of the given kind, migrated and bootstrapped (admin exists). */
export async function createTestApp(
  kind: DatabaseKind,
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'health-test-unused'),
    WEB_DIST: path.join(os.tmpdir(), 'health-test-no-web'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD,
    // The clock stands still unless a test moves it: statistics read the raw tables each time.
    STATS_REFRESH_MS: '0',
    ...opts.env,
  });
  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const captcha = { next: 'AbCd' };
  let app: App;
  try {
    const boot = await bootstrapDatabase(database.db, {
      adminInitialPassword: config.adminInitialPassword,
      demoData: opts.demoData ?? false,
      now: clock.now,
      secrets: opts.secrets,
    });
    app = await buildApp({
      config,
      db: database.db,
      now: () => clock.now,
      captchaText: () => captcha.next,
      logger: opts.logger ?? false,
      extraRoutes: opts.extraRoutes,
      secrets: opts.secrets,
      demoLoaded: boot.demoLoaded,
      demoScale: config.demoScale,
      // Every entry a test writes must have its labels (the log page names each of them).
      strictAuditLabels: true,
    });
  } catch (err) {
    await database.destroy();
    throw err;
  }
  return {
    app,
    db: database.db,
    config,
    database,
    clock,
    captcha,
    api: (p) => `/${config.apiService}${p}`,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** A logger that keeps every line the app logs (at `level`) for the test to read. */
export function capturedLogger(level: 'info' | 'error' = 'info') {
  const lines: string[] = [];
  const logger = {
    level,
    stream: new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  };
  return { lines, logger, text: () => lines.join('') };
}

/** The `data` of a validation refusal: one message a field. */
/** The answer to a request without a valid session. */
export const SESSION_INVALID = { state: 266, msg: Messages.sessionInvalid, data: null };

export type FieldErrors = { errors: { field: string; msg: string }[] };

export function bodyOf<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

/**
 * The rows of an exported workbook (the sheet of that name, or the first), each row's cell values
 * from column A; the header row first.
 */
export async function exportRows(
  response: LightMyRequestResponse,
  sheetName?: string,
): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) throw new Error(`the export has no sheet ${sheetName ?? ''}`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** GET/POST an API path with an optional bearer token; returns the response. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  apiPath: string,
  opts: {
    token?: string;
    form?: Record<string, string>;
    json?: unknown;
    ip?: string;
    /** The query string's values. */
    query?: Record<string, unknown>;
  } = {},
): Promise<LightMyRequestResponse> {
  const query = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
  const request: InjectOptions = {
    method,
    url: t.api(apiPath) + query,
    headers: opts.token ? bearer(opts.token) : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  };
  if (opts.form) {
    request.headers = { ...request.headers, 'content-type': 'application/x-www-form-urlencoded' };
    request.payload = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    request.payload = opts.json as InjectOptions['payload'];
  }
  return t.app.inject(request);
}

/** Fetch a captcha and return its key (its answer is `t.captcha.next`). */
export async function newCaptchaKey(t: TestApp, ip?: string): Promise<string> {
  const response = await call(t, 'GET', ApiPaths.captcha, { ip });
  return bodyOf<{ verifyKey: string }>(response).data.verifyKey;
}

/** Try a password login with a fresh, correctly answered captcha. */
export async function tryLogin(
  t: TestApp,
  username: string,
  password: string,
  opts: { ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const verifyKey = await newCaptchaKey(t, opts.ip);
  return call(t, 'POST', ApiPaths.token, {
    ip: opts.ip,
    form: { username, password, verifyKey, verifyCode: t.captcha.next },
  });
}

export interface LoginTokens {
  access_token: string;
  refresh_token: string;
  need_change_type: NeedChangeType | null;
}

/** Log in and return the tokens; fails the test when the login is refused. */
export async function login(
  t: TestApp,
  username: string,
  password: string,
  opts: { ip?: string } = {},
): Promise<LoginTokens> {
  const response = await tryLogin(t, username, password, opts);
  const body = bodyOf<LoginTokens>(response);
  if (body.state !== 200)
    throw new Error(`login of ${username} refused: ${body.state} ${body.msg}`);
  return body.data;
}

/**
 * The bootstrapped admin as it is after its first password change (the password stays
 * ADMIN_PASSWORD): a super-admin session the server lets call every endpoint.
 */
export async function loginAdmin(t: TestApp, opts: { ip?: string } = {}): Promise<string> {
  await t.db
    .updateTable('operators')
    .set({ need_change_type: null })
    .where('username', '=', 'admin')
    .execute();
  return (await login(t, 'admin', ADMIN_PASSWORD, opts)).access_token;
}

export async function createGroup(
  t: TestApp,
  name: string,
  keys: string[],
  at = t.clock.now,
): Promise<number> {
  const { id } = await t.db
    .insertInto('permission_groups')
    .values({ name, description: '', builtin: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (keys.length > 0) {
    await t.db
      .insertInto('group_resources')
      .values(keys.map((k) => ({ group_id: id, resource_key: k })))
      .execute();
  }
  return id;
}

export async function createOperator(
  t: TestApp,
  o: {
    username: string;
    password: string;
    groupId: number;
    staffRole?: StaffRole;
    realName?: string;
    enabled?: boolean;
    needChangeType?: NeedChangeType | null;
    passwordChangedAt?: number;
  },
): Promise<number> {
  const { id } = await t.db
    .insertInto('operators')
    .values({
      username: o.username,
      password_hash: await hashPassword(o.password, FAST_SCRYPT),
      real_name: o.realName ?? '',
      phone: '',
      avatar: '',
      introduction: '',
      group_id: o.groupId,
      staff_role: o.staffRole ?? 'operator',
      enabled: toDbBool(o.enabled ?? true),
      need_change_type: o.needChangeType ?? null,
      password_changed_at: o.passwordChangedAt ?? t.clock.now,
      last_login_at: null,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The app of a describe block: a fresh app on `kind` built before its tests and closed after them.
 * `setup` gets it first (keep it, log in, seed).
 *
 *   let t: TestApp;
 *   setupApp(kind, async (app) => {
 *     t = app;
 *     admin = await loginAdmin(t);
 *   });
 */
export function setupApp(
  kind: DatabaseKind,
  setup: (t: TestApp) => Promise<void>,
  opts: TestAppOptions = {},
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(kind, opts);
    await setup(app);
  });
  afterAll(() => app?.close());
}

/**
 * The two operators refusals are tested with: `viewer` (password View@123) holds only
 * `viewerPages` (no action), `outsider` (Out@1234) only the home overview.
 */
export async function createViewerAndOutsider(
  t: TestApp,
  viewerPages: string[],
  viewerGroup = '只读组',
): Promise<void> {
  const viewers = await createGroup(t, viewerGroup, viewerPages);
  const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
  await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
  await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
}

/** Fresh access tokens of the viewer and the outsider (after the clock moved by days). */
export async function loginViewers(t: TestApp): Promise<{ viewer: string; outsider: string }> {
  return {
    viewer: (await login(t, 'viewer', 'View@123')).access_token,
    outsider: (await login(t, 'outsider', 'Out@1234')).access_token,
  };
}

/** `createViewerAndOutsider`, then both logged in: their access tokens. */
export async function loginViewerAndOutsider(
  t: TestApp,
  viewerPages: string[],
  viewerGroup = '只读组',
): Promise<{ viewer: string; outsider: string }> {
  await createViewerAndOutsider(t, viewerPages, viewerGroup);
  return loginViewers(t);
}
