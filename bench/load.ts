/**
 * The two ways the benchmarks load the server:
 *  - `saturate`: autocannon's closed loop (each connection sends its next request as soon as the
 *    last one is answered) — the highest throughput the server reaches;
 *  - `atFixedRate`: an open loop that sends requests at evenly spaced moments over a fixed number
 *    of keep-alive connections, and times each one from the moment it was due, not from when a
 *    connection was free (so a stall is not hidden: no "coordinated omission") — the latency a
 *    client sees while the server carries that load.
 *
 * Why not autocannon's `overallRate` for the second: it gives each connection a quota per second
 * and lets it send the quota back to back as soon as the second starts, then idle. At half the
 * saturated throughput that is a full-speed burst for half of every second, so its p99 is the
 * saturated queueing delay again (connections ÷ req/s), whatever the server's own latency.
 * Both runs are preceded by an unmeasured warm-up, so the JIT's first second is not in the tail.
 *
 * `mixAtFixedRate` is the open loop over a weighted mix of requests (reads and writes, each kind
 * timed on its own; a write may build a new body for every request), and `saturate` takes an
 * autocannon request sequence for the mix's throughput at full speed.
 */
import autocannon from 'autocannon';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Share of the machine's CPU time the hypervisor gave to others during the run (Linux). */
  stealPct?: number;
}

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** For `saturate`: each connection sends these requests in turn (paths relative to `url`). */
export interface SequenceTarget {
  url: string;
  requests: autocannon.Request[];
}

export const WARM_UP_S = 3;

/**
 * Closed-loop load at full speed after a warm-up. `watch`: processes whose threads' CPU use over
 * the measured run is returned too (`cpu`, Linux only).
 */
export async function saturate(
  name: string,
  target: Target | SequenceTarget,
  connections: number,
  durationS: number,
  watch: number[] = [],
): Promise<
  LoadResult & {
    /** Failed requests (socket errors, timeouts), warm-up included, by message. */
    socketErrors: Record<string, number>;
    cpu: CpuUse | null;
  }
> {
  const options = { ...target, connections };
  const socketErrors: Record<string, number> = {};
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ ...options, duration }, (err, r) =>
        err ? reject(err as Error) : resolve(r),
      );
      instance.on('reqError', (err: Error) => {
        const key = `${err.name}: ${err.message}`;
        socketErrors[key] = (socketErrors[key] ?? 0) + 1;
      });
    });
  await run(WARM_UP_S);
  const before = watch.length > 0 ? cpuSnapshot(watch) : null;
  const result = await run(durationS);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    socketErrors,
    cpu: before && cpuUseSince(before),
  };
}

/** CPU use over a run: the machine's, and each watched thread's, in % of one core. */
export interface CpuUse {
  /** Share of the machine's CPU time spent busy (user, system, interrupts), in % of all cores. */
  machineBusyPct: number;
  /** Share given by the hypervisor to others ("steal"), in % of all cores. */
  stealPct: number;
  /**
   * Each thread's CPU time (`pct`) and its time runnable but waiting for a core (`waitPct`, from
   * /proc's schedstat; null where the kernel keeps none), both in % of one core.
   */
  threads: { pid: number; tid: number; pct: number; waitPct: number | null }[];
}

interface CpuSnapshot {
  at: number;
  pids: number[];
  machine: number[];
  /**
   * Each thread's user + system ticks and its nanoseconds waited on a run queue (null: no
   * schedstat), keyed `pid/tid` (a thread id is unique only per process).
   */
  threads: Map<string, { pid: number; tid: number; ticks: number; waitedNs: number | null }>;
}

/** A thread's nanoseconds runnable but not running ("cpu_ns wait_ns slices"); null without it. */
function runQueueWaitNs(pid: number, tid: number): number | null {
  try {
    const waited = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(waited) ? waited : null;
  } catch {
    return null;
  }
}

/**
 * /proc's counters now: the machine's (user … steal), and each thread's user + system ticks and
 * run-queue wait.
 */
function cpuSnapshot(pids: number[]): CpuSnapshot | null {
  if (!existsSync('/proc/stat')) return null;
  const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const threads: CpuSnapshot['threads'] = new Map();
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
      try {
        // "tid (comm) state …": utime and stime are the 12th and 13th fields after the comm.
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        threads.set(`${pid}/${tid}`, { pid, tid, ticks, waitedNs: runQueueWaitNs(pid, tid) });
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return { at: performance.now(), pids, machine: machine.slice(1, 9).map(Number), threads };
}

function cpuUseSince(before: CpuSnapshot): CpuUse | null {
  const after = cpuSnapshot(before.pids);
  if (!after) return null;
  const delta = after.machine.map((v, i) => v - before.machine[i]!);
  const total = Math.max(
    1,
    delta.reduce((a, b) => a + b, 0),
  );
  // user nice system idle iowait irq softirq steal
  const idle = delta[3]! + delta[4]!;
  const steal = delta[7]!;
  // Clock ticks are 1/100 s on Linux (USER_HZ).
  const seconds = (after.at - before.at) / 1000;
  const threads = [...after.threads].map(([key, { pid, tid, ticks, waitedNs }]) => {
    const was = before.threads.get(key);
    const waitedBefore = was ? was.waitedNs : 0;
    return {
      pid,
      tid,
      pct: (ticks - (was?.ticks ?? 0)) / seconds,
      // Nanoseconds to % of one core: ÷ 1e9 for seconds, × 100.
      waitPct:
        waitedNs === null || waitedBefore === null
          ? null
          : (waitedNs - waitedBefore) / 1e7 / seconds,
    };
  });
  return {
    machineBusyPct: (100 * (total - idle - steal)) / total,
    stealPct: (100 * steal) / total,
    threads: threads.sort((a, b) => b.pct - a.pct),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A keep-alive connection that sends one prepared request at a time and reads answers with just
 * enough HTTP parsing to find their end (Fastify answers with a content-length). Far lighter than
 * a general client, which matters: the generator shares the machine's two cores with the server.
 */
class RawConnection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private onAnswer?: (status: number, body: Buffer) => void;

  constructor(url: URL, onFailure: (err: Error) => void) {
    this.socket = net.connect(Number(url.port || 80), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => {
      try {
        this.read(chunk);
      } catch (err) {
        onFailure(err as Error);
      }
    });
    // A lost connection ends the run: the numbers would no longer say what they claim.
    this.socket.on('error', onFailure);
    this.socket.on('close', () => {
      if (this.busy) onFailure(new Error('the server closed a connection with a request pending'));
    });
  }

  get busy(): boolean {
    return this.onAnswer !== undefined;
  }

  send(request: Buffer, onAnswer: (status: number, body: Buffer) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(request);
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) throw new Error(`answer without content-length:\n${head}`);
    const end = headEnd + 4 + Number(length[1]);
    if (this.buffered.length < end) return;
    const body = this.buffered.subarray(headEnd + 4, end);
    this.buffered = this.buffered.subarray(end);
    const done = this.onAnswer;
    this.onAnswer = undefined;
    done?.(Number(head.slice(9, 12)), body);
  }

  close(): void {
    this.socket.destroy();
  }
}

function requestBytes(url: URL, target: Target): Buffer {
  const body = target.body ?? '';
  const headers = {
    host: url.host,
    connection: 'keep-alive',
    ...(target.headers ?? {}),
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return Buffer.from(
    `${target.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
  );
}

/** One kind of request in a mix: a fixed request, or one built anew each time (a unique body). */
export interface MixEntry {
  name: string;
  /** Relative share of the requests (any positive numbers). */
  weight: number;
  target: Target | (() => Target);
}

/**
 * The order the kinds of a mix are sent in (indexes into `weights`, one round): smooth weighted
 * round robin, so each kind's requests are spread evenly over the run instead of coming in blocks.
 */
export function mixOrder(weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const current = weights.map(() => 0);
  const order: number[] = [];
  const length = Math.min(1000, Math.max(weights.length, Math.round(total)));
  for (let i = 0; i < length; i++) {
    weights.forEach((w, k) => (current[k]! += w));
    const best = current.indexOf(Math.max(...current));
    current[best]! -= total;
    order.push(best);
  }
  return order;
}

/** An API answer is the envelope { state, msg, data }: success is state 200 (not only HTTP 2xx). */
function envelopeState(body: Buffer): number | undefined {
  const m = /^\{"state":(\d+)/.exec(body.subarray(0, 20).toString('latin1'));
  return m ? Number(m[1]) : undefined;
}

interface KindRun {
  latencies: number[];
  non2xx: number;
  /** Answers that were not a success: HTTP status not 2xx, or an envelope state other than 200. */
  failed: number;
}

/**
 * One open-loop run: `rate` requests per second over `connections`, for `durationS` or, given
 * `until`, until it settles.
 */
async function openLoop(
  mix: MixEntry[],
  rate: number,
  connections: number,
  durationS: number,
  until?: Promise<unknown>,
): Promise<{ kinds: KindRun[]; seconds: number }> {
  const fixedTarget = mix.map((m) => m.target).find((t) => typeof t !== 'function');
  const url = new URL((fixedTarget ?? (mix[0]!.target as () => Target)()).url);
  // Fixed requests are serialized once; built ones for every request they send.
  const prepared = mix.map((m) =>
    typeof m.target === 'function' ? null : requestBytes(new URL(m.target.url), m.target),
  );
  const bytesOf = (kind: number): Buffer => {
    const fixed = prepared[kind];
    if (fixed) return fixed;
    const target = (mix[kind]!.target as () => Target)();
    const u = new URL(target.url);
    if (u.host !== url.host) throw new Error(`a mix goes to one server: ${u.host} ≠ ${url.host}`);
    return requestBytes(u, target);
  };
  const order = mixOrder(mix.map((m) => m.weight));
  let fail: (err: Error) => void = () => undefined;
  const pool = Array.from(
    { length: connections },
    () => new RawConnection(url, (err) => fail(err)),
  );
  const kinds: KindRun[] = mix.map(() => ({ latencies: [], non2xx: 0, failed: 0 }));
  let total = until ? Number.POSITIVE_INFINITY : Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  // Requests that are due while every connection is busy wait here; their time still runs.
  const waiting: { dueAt: number; kind: number }[] = [];
  let sent = 0;
  let answered = 0;
  const started = performance.now();

  return new Promise((resolve, reject) => {
    let stopped = false;
    fail = (err) => {
      if (stopped) return;
      stopped = true;
      for (const c of pool) c.close();
      reject(err);
    };
    const finish = () => {
      stopped = true;
      for (const c of pool) c.close();
      resolve({ kinds, seconds: (performance.now() - started) / 1000 });
    };
    // No request is due after `until`; the run ends with the last answer.
    void until?.then(
      () => {
        total = sent;
        if (answered === total && !stopped) finish();
      },
      (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
    );
    const dispatch = (connection: RawConnection, dueAt: number, kind: number) =>
      connection.send(bytesOf(kind), (status, body) => {
        const run = kinds[kind]!;
        run.latencies.push(performance.now() - dueAt);
        const state = envelopeState(body);
        if (status < 200 || status >= 300) run.non2xx++;
        if (status < 200 || status >= 300 || (state !== undefined && state !== 200)) run.failed++;
        answered++;
        const next = waiting.shift();
        if (next !== undefined) dispatch(connection, next.dueAt, next.kind);
        else if (answered === total) finish();
      });
    const tick = () => {
      if (stopped) return;
      const elapsed = performance.now() - started;
      // Send every request that is due by now; each is timed from its own due moment.
      while (sent < total && sent * intervalMs <= elapsed) {
        const dueAt = started + sent * intervalMs;
        const kind = order[sent % order.length]!;
        const free = pool.find((c) => !c.busy);
        if (free) dispatch(free, dueAt, kind);
        else waiting.push({ dueAt, kind });
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, sent * intervalMs - elapsed));
    };
    tick();
  });
}

export interface MixResult {
  name: string;
  /** Answers per second, all kinds together. */
  rps: number;
  /** Per kind: its own answers per second, p50, p99 and failures. */
  kinds: (LoadResult & { count: number; failed: number })[];
  stealPct?: number;
}

/** Open-loop load of a weighted mix at `rate` req/s over `connections`, after a warm-up. */
export async function mixAtFixedRate(
  name: string,
  mix: MixEntry[],
  rate: number,
  connections: number,
  durationS: number,
): Promise<MixResult> {
  await openLoop(mix, rate, connections, WARM_UP_S);
  const before = cpuSnapshot([]);
  const run = await openLoop(mix, rate, connections, durationS);
  const cpu = before && cpuUseSince(before);
  const count = run.kinds.reduce((n, k) => n + k.latencies.length, 0);
  return {
    name,
    rps: count / run.seconds,
    kinds: run.kinds.map((k, i) => {
      const sorted = k.latencies.sort((a, b) => a - b);
      return {
        name: mix[i]!.name,
        count: sorted.length,
        rps: sorted.length / run.seconds,
        p50: Math.round(percentile(sorted, 50) * 100) / 100,
        p99: Math.round(percentile(sorted, 99) * 100) / 100,
        non2xx: k.non2xx,
        failed: k.failed,
      };
    }),
    ...(cpu ? { stealPct: cpu.stealPct } : {}),
  };
}

/**
 * The latency of `target` at `rate` req/s (open loop, after a warm-up) while `work` runs: the
 * requests due from its start to its end. `work`'s result beside it.
 */
export async function latencyDuring<T>(
  target: Target,
  rate: number,
  connections: number,
  work: () => Promise<T>,
): Promise<{
  latency: LoadResult & { count: number; generatorStallMs: number };
  result: T;
}> {
  const mix = [{ name: 'probe', weight: 1, target }];
  await openLoop(mix, rate, connections, WARM_UP_S);
  // A stall of this process is counted as latency too (a request is timed from when it was due).
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const running = work();
  const run = await openLoop(mix, rate, connections, 0, running);
  const result = await running;
  stalls.disable();
  const sorted = run.kinds[0]!.latencies.sort((a, b) => a - b);
  return {
    latency: {
      name: 'probe',
      count: sorted.length,
      rps: sorted.length / run.seconds,
      p50: Math.round(percentile(sorted, 50) * 100) / 100,
      p99: Math.round(percentile(sorted, 99) * 100) / 100,
      non2xx: run.kinds[0]!.non2xx,
      generatorStallMs: Math.round(stalls.max / 1e6),
    },
    result,
  };
}

/** Open-loop load at `rate` req/s over `connections` keep-alive connections, after a warm-up. */
export async function atFixedRate(
  name: string,
  target: Target,
  rate: number,
  connections: number,
  durationS: number,
): Promise<LoadResult> {
  const run = await mixAtFixedRate(
    name,
    [{ name, weight: 1, target }],
    rate,
    connections,
    durationS,
  );
  const only = run.kinds[0]!;
  return {
    name,
    rps: run.rps,
    p50: only.p50,
    p99: only.p99,
    non2xx: only.non2xx,
    ...(run.stealPct === undefined ? {} : { stealPct: run.stealPct }),
  };
}
