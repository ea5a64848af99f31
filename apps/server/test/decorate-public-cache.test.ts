import { emptyDocument, type PublicPage } from '@health/contract';
import { describe, expect, it } from 'vitest';
import { PublicPageCache } from '../src/modules/decorate/pages/public-cache.js';

const page = (version: number): PublicPage => ({
  version,
  name: '首页',
  document: emptyDocument('首页'),
  records: {},
});

describe("the app's public page cache", () => {
  it('reads a page once for a burst of requests, again after 5 s or a clear', async () => {
    let now = 1_000;
    const cache = new PublicPageCache(() => now);
    let loads = 0;
    let release: () => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<PublicPage>((resolve) => {
        release = () => resolve(page(loads));
      });
    };
    // Fifty requests while the first read is under way: one read, one answer for all.
    const burst = Array.from({ length: 50 }, () => cache.get('home', load));
    release();
    const answers = await Promise.all(burst);
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(answers[0]!.etag).toMatch(/^"1-/);

    now += 4_999;
    expect((await cache.get('home', load)).body.version).toBe(1);
    expect(loads).toBe(1);
    now += 2;
    const expired = cache.get('home', load);
    release();
    expect((await expired).body.version).toBe(2);

    // A clear (a publish) while a read is under way: that read answers the requests that
    // waited for it, but is not kept — the next request reads the page again.
    cache.clear();
    const started = cache.get('home', load);
    cache.clear();
    release();
    expect((await started).body.version).toBe(3);
    const next = cache.get('home', load);
    release();
    expect((await next).body.version).toBe(4);
  });
});
