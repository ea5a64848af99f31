// The server as `npm start` runs it: a child process that gets the operator's stop signals once.
//
// Why it runs in its own process group, and why a signal is passed on once a burst: a terminal's
// Ctrl-C, `kill -TERM -<pgid>` and npm (which passes on what it got) all signal this launcher, and
// before, the server sat in the same group and got the signal itself as well as from here — which
// it reads as a second signal, "exit now", so a group stop skipped the graceful drain. In its own
// group (and session) only this launcher signals it, and signals within STOP_BURST_MS of the one
// passed on are the same stop arriving by another route. A stop that reaches every process
// whatever its group (systemd's default KillMode=control-group) the server itself counts once
// (apps/server/src/platform/stop-signals.ts, the same window). The IPC channel lets the server
// stop when this launcher dies without passing anything on (SIGKILL): outside our group, no
// terminal would stop it any more.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** Signals this close together are one stop request. */
export const STOP_BURST_MS = 1000;

/**
 * Run `node <args>` in `cwd` and pass it SIGINT and SIGTERM (a closed terminal's SIGHUP as
 * SIGTERM), once a burst; exit with its exit code.
 */
export function runServer({ cwd, args, env = process.env }) {
  const server = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  let lastPassed = -Infinity;
  const pass = (signal) => {
    const now = performance.now();
    if (now - lastPassed < STOP_BURST_MS) return;
    lastPassed = now;
    server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, pass);
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}
