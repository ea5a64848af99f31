import type { EcgWindow } from '@health/contract';
import type { WindowRequest } from './scale';

export type FetchWindow = (
  startMs: number,
  endMs: number,
  bins: number,
  signal: AbortSignal,
) => Promise<EcgWindow>;

/** Retry a failed window after this long (while it is still wanted). */
export const RETRY_MS = 3_000;

/**
 * The windows the viewer has loaded: a small LRU of server answers keyed by tile, the requests in
 * flight, and aborting the ones no longer wanted (the user scrolled or changed speed away).
 */
export class WindowCache {
  private readonly done = new Map<string, EcgWindow>();
  private readonly inflight = new Map<string, AbortController>();
  private readonly failed = new Map<string, { at: number; message: string }>();

  constructor(
    private readonly fetchWindow: FetchWindow,
    /** Called when a window arrives (redraw). */
    private readonly onLoad: () => void,
    readonly capacity = 12,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A loaded window, marked as recently used. */
  get(key: string): EcgWindow | undefined {
    const w = this.done.get(key);
    if (w) {
      this.done.delete(key);
      this.done.set(key, w);
    }
    return w;
  }

  /** A loaded window without touching the LRU order (drawing looks, it does not use). */
  peek(key: string): EcgWindow | undefined {
    return this.done.get(key);
  }

  has(key: string): boolean {
    return this.done.has(key);
  }

  /** Every loaded window (for fallbacks while the wanted tiles load). */
  loaded(): IterableIterator<EcgWindow> {
    return this.done.values();
  }

  isLoading(key: string): boolean {
    return this.inflight.has(key);
  }

  /** The last error of a wanted window, if it failed. */
  errorOf(key: string): string | null {
    return this.failed.get(key)?.message ?? null;
  }

  /** Keys being fetched (for tests and the loading mark). */
  pending(): string[] {
    return [...this.inflight.keys()];
  }

  /**
   * Make sure these windows are loaded or loading, visible ones first; abort every request in
   * flight that is not among them.
   */
  want(requests: readonly WindowRequest[]): void {
    const keys = new Set(requests.map((r) => r.key));
    for (const [key, controller] of this.inflight) {
      if (!keys.has(key)) {
        controller.abort();
        this.inflight.delete(key);
      }
    }
    for (const r of requests) {
      if (this.done.has(r.key) || this.inflight.has(r.key)) {
        this.get(r.key);
        continue;
      }
      const failure = this.failed.get(r.key);
      if (failure && this.now() - failure.at < RETRY_MS) continue;
      this.load(r);
    }
  }

  private load(r: WindowRequest): void {
    const controller = new AbortController();
    this.inflight.set(r.key, controller);
    this.fetchWindow(r.startMs, r.endMs, r.bins, controller.signal).then(
      (w) => {
        if (this.inflight.get(r.key) !== controller) return;
        this.inflight.delete(r.key);
        this.failed.delete(r.key);
        this.done.set(r.key, w);
        while (this.done.size > this.capacity) {
          const oldest = this.done.keys().next().value as string;
          this.done.delete(oldest);
        }
        this.onLoad();
      },
      (e: unknown) => {
        if (this.inflight.get(r.key) !== controller) return;
        this.inflight.delete(r.key);
        if (controller.signal.aborted) return;
        this.failed.set(r.key, {
          at: this.now(),
          message: e instanceof Error && e.message ? e.message : String(e),
        });
        this.onLoad();
      },
    );
  }

  /** Abort everything (unmount). */
  dispose(): void {
    for (const c of this.inflight.values()) c.abort();
    this.inflight.clear();
    this.done.clear();
    this.failed.clear();
  }
}
