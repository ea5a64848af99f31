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
 */
import autocannon from 'autocannon';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';

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

const WARM_UP_S = 3;

/** Closed-loop load at full speed after a warm-up. */
export async function saturate(
  name: string,
  target: Target,
  connections: number,
  durationS: number,
): Promise<LoadResult> {
  const options = { ...target, connections };
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: durationS });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
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
  private onAnswer?: (status: number) => void;

  constructor(
    url: URL,
    private readonly request: Buffer,
    onFailure: (err: Error) => void,
  ) {
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

  send(onAnswer: (status: number) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(this.request);
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
    this.buffered = this.buffered.subarray(end);
    const done = this.onAnswer;
    this.onAnswer = undefined;
    done?.(Number(head.slice(9, 12)));
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

/** One open-loop run: `rate` requests per second for `durationS`, over `connections`. */
async function openLoop(
  target: Target,
  rate: number,
  connections: number,
  durationS: number,
): Promise<{ latencies: number[]; non2xx: number; seconds: number }> {
  const url = new URL(target.url);
  const request = requestBytes(url, target);
  let fail: (err: Error) => void = () => undefined;
  const pool = Array.from(
    { length: connections },
    () => new RawConnection(url, request, (err) => fail(err)),
  );
  const latencies: number[] = [];
  let non2xx = 0;
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  // Requests that are due while every connection is busy wait here; their time still runs.
  const waiting: number[] = [];
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
    const dispatch = (connection: RawConnection, dueAt: number) =>
      connection.send((status) => {
        latencies.push(performance.now() - dueAt);
        if (status < 200 || status >= 300) non2xx++;
        answered++;
        const next = waiting.shift();
        if (next !== undefined) dispatch(connection, next);
        else if (answered === total) {
          for (const c of pool) c.close();
          resolve({ latencies, non2xx, seconds: (performance.now() - started) / 1000 });
        }
      });
    const tick = () => {
      if (stopped) return;
      const elapsed = performance.now() - started;
      // Send every request that is due by now; each is timed from its own due moment.
      while (sent < total && sent * intervalMs <= elapsed) {
        const dueAt = started + sent * intervalMs;
        const free = pool.find((c) => !c.busy);
        if (free) dispatch(free, dueAt);
        else waiting.push(dueAt);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, sent * intervalMs - elapsed));
    };
    tick();
  });
}

/** CPU time counters of the whole machine: [steal, total] in clock ticks (null off Linux). */
function cpuTicks(): [number, number] | null {
  if (!existsSync('/proc/stat')) return null;
  // "cpu  user nice system idle iowait irq softirq steal …"
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9);
  const ticks = fields.map(Number);
  return [ticks[7] ?? 0, ticks.reduce((a, b) => a + b, 0)];
}

/** Open-loop load at `rate` req/s over `connections` keep-alive connections, after a warm-up. */
export async function atFixedRate(
  name: string,
  target: Target,
  rate: number,
  connections: number,
  durationS: number,
): Promise<LoadResult> {
  await openLoop(target, rate, connections, WARM_UP_S);
  const before = cpuTicks();
  const run = await openLoop(target, rate, connections, durationS);
  const after = cpuTicks();
  const sorted = run.latencies.sort((a, b) => a - b);
  return {
    name,
    rps: run.latencies.length / run.seconds,
    p50: Math.round(percentile(sorted, 50) * 100) / 100,
    p99: Math.round(percentile(sorted, 99) * 100) / 100,
    non2xx: run.non2xx,
    ...(before && after
      ? { stealPct: (100 * (after[0] - before[0])) / Math.max(1, after[1] - before[1]) }
      : {}),
  };
}
