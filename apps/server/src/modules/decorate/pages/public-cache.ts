import { createHash } from 'node:crypto';
import type { PublicPage } from '@health/contract';
import type { AppContext } from '../../../platform/context.js';

/** How long the public pages are answered from memory before the database is asked again. */
const PUBLIC_CACHE_MS = 5_000;
/** Topics are many: at most this many pages are kept. */
const MAX_ENTRIES = 500;

export interface CachedPage {
  etag: string;
  body: PublicPage;
  until: number;
}

/**
 * The public pages of the member app, answered from memory: a burst of app starts costs no
 * database work per request, and when an entry expires the requests of that moment wait for one
 * load instead of each making its own. This process forgets every entry when a page is published,
 * enabled or rolled out by the scheduled job, and when an operator changes, shelves or deletes a
 * goods item or changes or deletes a video (what the pages show); an entry lives PUBLIC_CACHE_MS, so another server
 * process's change, and stock taken by redemptions, show within that.
 */
export class PublicPageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly loading = new Map<string, Promise<CachedPage>>();
  /** Bumped by clear(): a load started before it is not kept. */
  private generation = 0;

  constructor(private readonly now: () => number) {}

  get(key: string, load: () => Promise<PublicPage>): Promise<CachedPage> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load()
      .then((body) => {
        const digest = createHash('sha1').update(JSON.stringify(body)).digest('base64url');
        const entry = {
          etag: `"${body.version}-${digest}"`,
          body,
          until: this.now() + PUBLIC_CACHE_MS,
        };
        if (generation === this.generation) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

const caches = new WeakMap<AppContext, PublicPageCache>();

/** The one cache of an app (its routes, its jobs and the areas whose records the pages show). */
export function publicPageCache(ctx: AppContext): PublicPageCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new PublicPageCache(ctx.now);
    caches.set(ctx, cache);
  }
  return cache;
}
