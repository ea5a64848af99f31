import type { EventEmitter } from 'node:events';

/**
 * The process's stop requests: SIGTERM, SIGINT, and — under `npm start` (scripts/run-server.mjs) —
 * its launcher going away (the IPC channel closes), so the server never outlives it.
 *
 * One stop often arrives as several signals: systemd's default stop (KillMode=control-group)
 * signals every process of the service, the server and its launcher alike, and the launcher
 * passes on what it got; npm passes on what it got too. Signals within STOP_BURST_MS of the first
 * are that one request and start one graceful drain; a signal after it means "exit now" (an
 * operator who will not wait for the drain).
 */
export const STOP_BURST_MS = 1000;

export interface StopHandlers {
  /** The first request: finish what is in flight, then exit. */
  drain(reason: string): void;
  /** A later one: exit at once. */
  exitNow(reason: string): void;
}

export function handleStopRequests(
  handlers: StopHandlers,
  proc: EventEmitter & { send?: unknown } = process,
  now: () => number = () => performance.now(),
): void {
  let first: number | null = null;
  const request = (reason: string) => {
    const at = now();
    if (first === null) {
      first = at;
      handlers.drain(reason);
    } else if (at - first >= STOP_BURST_MS) {
      handlers.exitNow(reason);
    }
    // Else: the same stop, delivered once more by another route.
  };
  proc.on('SIGTERM', () => request('SIGTERM'));
  proc.on('SIGINT', () => request('SIGINT'));
  // Launched with an IPC channel: the launcher is gone (killed outright, without passing on a
  // signal), and with it the terminal or service that would stop this process.
  if (proc.send) proc.on('disconnect', () => request('launcher gone'));
}
