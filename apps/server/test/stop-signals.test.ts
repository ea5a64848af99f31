import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { STOP_BURST_MS, handleStopRequests } from '../src/platform/stop-signals.js';

/** The server's stop requests, counted the way an operator means them. */
describe('stop requests', () => {
  function setup(withLauncher = false) {
    const proc = Object.assign(new EventEmitter(), withLauncher ? { send: () => true } : {});
    const clock = { now: 1000 };
    const calls: string[] = [];
    handleStopRequests(
      {
        drain: (reason) => calls.push(`drain ${reason}`),
        exitNow: (reason) => calls.push(`exit ${reason}`),
      },
      proc,
      () => clock.now,
    );
    return { proc, clock, calls };
  }

  it('signals in one burst (the group, systemd, a launcher passing them on) are one drain', () => {
    const { proc, clock, calls } = setup();
    proc.emit('SIGTERM');
    clock.now += 5;
    proc.emit('SIGTERM');
    clock.now += STOP_BURST_MS - 10;
    proc.emit('SIGINT');
    expect(calls).toEqual(['drain SIGTERM']);
  });

  it('a signal after the burst means exit now', () => {
    const { proc, clock, calls } = setup();
    proc.emit('SIGINT');
    clock.now += STOP_BURST_MS;
    proc.emit('SIGINT');
    expect(calls).toEqual(['drain SIGINT', 'exit SIGINT']);
  });

  it('the launcher gone is a stop request when there is one (an IPC channel), else nothing', () => {
    const launched = setup(true);
    launched.proc.emit('disconnect');
    expect(launched.calls).toEqual(['drain launcher gone']);
    const alone = setup(false);
    alone.proc.emit('disconnect');
    expect(alone.calls).toEqual([]);
  });
});
