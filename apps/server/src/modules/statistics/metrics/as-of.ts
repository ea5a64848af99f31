import type { AppContext } from '../../../platform/context.js';

/**
 * Statistics made as of one time and shared by the requests that come before they are
 * STATS_REFRESH_MS old: today's part read from the raw tables, the stored days, the devices now.
 * 0 makes every request read its own (the API tests, whose clock stands still). One memo per
 * database, so per process; the answers carry the as-of time (数据截至).
 */
export class AsOfMemo {
  private at = Number.NEGATIVE_INFINITY;
  private readonly entries = new Map<string, Promise<unknown>>();

  /** The as-of time for a request made at `now`. */
  asOf(now: number, refreshMs: number): number {
    if (now < this.at || now - this.at >= refreshMs) {
      this.at = now;
      this.entries.clear();
    }
    return this.at;
  }

  get<T>(key: string, make: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    const made = make();
    this.entries.set(key, made);
    // A failure is not kept: the next request tries again.
    made.catch(() => {
      if (this.entries.get(key) === made) this.entries.delete(key);
    });
    return made;
  }
}

const MEMOS = new WeakMap<object, AsOfMemo>();

/** A request's as-of time and the memo of what was made at it. */
export function asOfNow(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): {
  now: number;
  memo: AsOfMemo;
} {
  let memo = MEMOS.get(ctx.db);
  if (!memo) MEMOS.set(ctx.db, (memo = new AsOfMemo()));
  return { now: memo.asOf(ctx.now(), ctx.config.statsRefreshMs), memo };
}
