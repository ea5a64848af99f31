import { describe, expect, it } from 'vitest';
import type { EcgWindow } from '@health/contract';
import { RETRY_MS, WindowCache } from '../src/shared/ecg/window-cache';
import type { WindowRequest } from '../src/shared/ecg/scale';

const win = (startMs: number, endMs: number): EcgWindow => ({
  startMs,
  endMs,
  sampleRate: 250,
  step: 1,
  leads: [{ name: 'I', min: [0], max: [0] }],
  beats: [],
});
const req = (i: number): WindowRequest => ({
  key: `k${i}`,
  startMs: i * 1000,
  endMs: (i + 1) * 1000,
  bins: 10,
});

function setup(capacity = 3) {
  const calls: {
    startMs: number;
    signal: AbortSignal;
    resolve: (w: EcgWindow) => void;
    reject: (e: Error) => void;
  }[] = [];
  let now = 0;
  let loads = 0;
  const cache = new WindowCache(
    (startMs, endMs, _bins, signal) =>
      new Promise<EcgWindow>((resolve, reject) => {
        calls.push({ startMs, signal, resolve: () => resolve(win(startMs, endMs)), reject });
      }),
    () => {
      loads += 1;
    },
    capacity,
    () => now,
  );
  return { cache, calls, tick: (ms: number) => (now += ms), loads: () => loads };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('WindowCache', () => {
  it('fetches each wanted window once and keeps it', async () => {
    const { cache, calls, loads } = setup();
    cache.want([req(0), req(1)]);
    cache.want([req(0), req(1)]);
    expect(calls).toHaveLength(2);
    calls[0]!.resolve(win(0, 1000));
    await flush();
    expect(cache.has('k0')).toBe(true);
    expect(loads()).toBe(1);
    cache.want([req(0)]);
    expect(calls).toHaveLength(2);
  });

  it('aborts the requests no longer wanted', () => {
    const { cache, calls } = setup();
    cache.want([req(0), req(1)]);
    cache.want([req(1), req(2)]);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    expect(cache.pending().sort()).toEqual(['k1', 'k2']);
  });

  it('evicts the least recently used window beyond its capacity', async () => {
    const { cache, calls } = setup(2);
    cache.want([req(0), req(1)]);
    calls[0]!.resolve(win(0, 1000));
    calls[1]!.resolve(win(1000, 2000));
    await flush();
    cache.get('k0'); // k1 is now the oldest
    cache.want([req(0), req(2)]);
    calls[2]!.resolve(win(2000, 3000));
    await flush();
    expect(cache.has('k0')).toBe(true);
    expect(cache.has('k1')).toBe(false);
    expect(cache.has('k2')).toBe(true);
  });

  it('reports a failure and retries it only after a pause', async () => {
    const { cache, calls, tick } = setup();
    cache.want([req(0)]);
    calls[0]!.reject(new Error('心电数据文件缺失'));
    await flush();
    expect(cache.errorOf('k0')).toBe('心电数据文件缺失');
    cache.want([req(0)]);
    expect(calls).toHaveLength(1);
    tick(RETRY_MS);
    cache.want([req(0)]);
    expect(calls).toHaveLength(2);
  });

  it('dispose aborts everything in flight', () => {
    const { cache, calls } = setup();
    cache.want([req(0), req(1)]);
    cache.dispose();
    expect(calls.every((c) => c.signal.aborted)).toBe(true);
  });
});
