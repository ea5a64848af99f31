import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The built server as a process of the test or benchmark that started it. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first /healthz answered 200. */
  startMs: number;
  /** SIGKILL: no shutdown hook, no flush, no close of the database. */
  kill9(): Promise<void>;
  /** SIGTERM, the graceful shutdown, and wait for the exit. */
  stop(): Promise<void>;
}

export interface RunningServer {
  url: string;
  /** The server's process id (a benchmark reads its threads' CPU time). */
  pid: number;
  dataDir: string;
  /** Path of the embedded SQLite database, for tests that must arrange rows directly. */
  databaseFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Start the built server (apps/server/dist) on `port` with `env` (DATA_DIR, DATABASE_URL, ...)
 * as `npm start` would, and wait until /healthz answers. The data folder is the caller's: a
 * benchmark starts the server again on the same one after killing it.
 */
export async function spawnServer(
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const started = performance.now();
  // SERVER_NODE_ARGS: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to profile it under a benchmark's load (NODE_OPTIONS does not take --cpu-prof).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      CAPTCHA_ENABLED: 'false',
      // Many logins from one address in a few minutes: lift the coarse per-IP guard.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Four days of demo readings and no 24-hour ECG: a first start in seconds, not a minute.
      DEMO_SCALE: '0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 60 s:\n${output}`);
    }
    // Polled often: the start-up time is one of the numbers a benchmark reports.
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    startMs,
    async kill9() {
      child.kill('SIGKILL');
      await exitOf(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exitOf(child);
    },
  };
}

/** The data folder of a server seeded once for the browser tests (template.ts), when there is one. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';
/** Settings that change what a new database holds: a server given one seeds its own. */
const SEEDING_ENV = [
  'DATA_DIR',
  'DATABASE_URL',
  'DEMO_DATA',
  'DEMO_SCALE',
  'ADMIN_INITIAL_PASSWORD',
];

/**
 * The built server on a free port and a new data folder (removed on stop), with demo data: a copy
 * of the browser tests' seeded template when there is one and `env` does not change the seeding.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'health-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template && !SEEDING_ENV.some((k) => k in env)) {
    cpSync(template, dataDir, { recursive: true });
  }
  const server = await spawnServer(port, { DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    pid: server.pid,
    dataDir,
    databaseFile: join(dataDir, 'health.db'),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
