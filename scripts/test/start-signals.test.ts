import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, it, type TestContext } from 'vitest';

/**
 * `npm start` stopped the way systemd, a terminal or an operator stops it: the server drains once
 * (what is in flight is answered, then it exits 0) whether the stop reaches the launcher's whole
 * process group, every process at once, or comes again later ("exit now").
 *
 * The launcher is scripts/run-server.mjs as start.mjs calls it (start.mjs builds first); the
 * server is the real one, from its sources.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const runServerUrl = new URL('../run-server.mjs', import.meta.url).href;
const DRAIN_LOG = '正在关闭：等待处理中的请求完成';
const EXIT_NOW = '再次收到退出信号，立即退出';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

interface Launched {
  launcher: ChildProcess;
  port: number;
  output: () => string;
  /** The server's pid (from its log lines). */
  serverPid: () => number;
  exited: Promise<number | string>;
}

/** Start the launcher in a process group of its own (as a shell starts a job) and wait for the server. */
async function launch(onTestFinished: TestContext['onTestFinished']): Promise<Launched> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'start-signals-'));
  const code =
    `import { runServer } from ${JSON.stringify(runServerUrl)};` +
    `runServer({ cwd: ${JSON.stringify(root)}, args: ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'] });`;
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ADMIN_INITIAL_PASSWORD: 'Admin@123',
      SQLITE_READ_WORKERS: '0',
      INGEST_WRITER_THREAD: 'false',
    },
  });
  let text = '';
  launcher.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = once(launcher, 'exit').then(
    ([code, signal]) => (code as number | null) ?? (signal as string),
  );
  // The test's own hook (tests run side by side: the global one may belong to another test).
  onTestFinished(() => {
    // The launcher's group, and the server's (a group of its own).
    const serverPid = /"pid":(\d+)/.exec(text)?.[1];
    for (const group of [launcher.pid!, Number(serverPid ?? 0)].filter(Boolean)) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 90_000;
  while (!text.includes('管理后台已启动')) {
    if (launcher.exitCode !== null) throw new Error(`the server did not start:\n${text}`);
    if (Date.now() > deadline) throw new Error(`the server took too long to start:\n${text}`);
    await sleep(50);
  }
  return {
    launcher,
    port,
    output: () => text,
    serverPid: () => {
      const match = /"pid":(\d+)/.exec(text);
      if (!match) throw new Error(`no pid in the server's log:\n${text}`);
      return Number(match[1]);
    },
    exited,
  };
}

/**
 * A request in flight: its headers and half its body sent. `finish()` sends the rest and resolves
 * with the answer the server gave.
 */
async function inFlight(port: number): Promise<{ finish: () => Promise<string> }> {
  const body = 'username=admin&password=wrong&captcha=x&key=y&grant_type=password';
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = once(socket, 'close');
  socket.write(
    'POST /api/v3/adminLogin/oauth/token HTTP/1.1\r\nHost: localhost\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\n' +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  await sleep(200);
  return {
    finish: async () => {
      socket.write(body.slice(10));
      await closed;
      return answer;
    },
  };
}

const count = (text: string, part: string) => text.split(part).length - 1;

// Each test starts its own server (~8 s from the sources): they run side by side.
describe.concurrent('npm start: stopping the server', { timeout: 150_000 }, () => {
  it('kill -TERM -<pgid>: one graceful drain, the request in flight answered, exit 0', async ({
    expect,
    onTestFinished,
  }) => {
    const run = await launch(onTestFinished);
    const request = await inFlight(run.port);
    process.kill(-run.launcher.pid!, 'SIGTERM');
    await sleep(600);
    // Still draining: the request in flight holds it open.
    expect(run.launcher.exitCode, run.output()).toBeNull();
    const answer = await request.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(answer).toContain('"state":');
    expect(await run.exited, run.output()).toBe(0);
    expect(count(run.output(), DRAIN_LOG)).toBe(1);
    expect(run.output()).not.toContain(EXIT_NOW);
  });

  it("every process signalled at once (systemd's default stop): one graceful drain, exit 0", async ({
    expect,
    onTestFinished,
  }) => {
    const run = await launch(onTestFinished);
    const request = await inFlight(run.port);
    process.kill(run.serverPid(), 'SIGTERM');
    process.kill(run.launcher.pid!, 'SIGTERM');
    await sleep(600);
    expect(run.launcher.exitCode, run.output()).toBeNull();
    expect(await request.finish()).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(await run.exited, run.output()).toBe(0);
    expect(count(run.output(), DRAIN_LOG)).toBe(1);
    expect(run.output()).not.toContain(EXIT_NOW);
  });

  it('a second stop later still means "exit now"', async ({ expect, onTestFinished }) => {
    const run = await launch(onTestFinished);
    await inFlight(run.port);
    process.kill(-run.launcher.pid!, 'SIGTERM');
    await sleep(1500);
    expect(run.launcher.exitCode, run.output()).toBeNull();
    process.kill(-run.launcher.pid!, 'SIGTERM');
    expect(await run.exited, run.output()).toBe(1);
    expect(run.output()).toContain(EXIT_NOW);
  });

  it('the launcher killed outright: the server drains and exits by itself', async ({
    expect,
    onTestFinished,
  }) => {
    const run = await launch(onTestFinished);
    const serverPid = run.serverPid();
    run.launcher.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        process.kill(serverPid, 0);
      } catch {
        break; // gone
      }
      if (Date.now() > deadline)
        throw new Error(`the server outlived its launcher:\n${run.output()}`);
      await sleep(50);
    }
    expect(run.output()).toContain(DRAIN_LOG);
  });
});
