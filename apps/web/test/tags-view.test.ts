import { describe, expect, it } from 'vitest';
import {
  addView,
  closeAll,
  closeOthers,
  closeView,
  emptyTags,
  initAffix,
  lastViewPath,
  uncacheView,
  type TagView,
} from '../src/shared/tags/tags-view';

const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  title: path,
  titleEn: path,
  affix: false,
  noCache: false,
  ...extra,
});

const home = view('/sysset_home/basic', { affix: true });
const a = view('/a');
const b = view('/b', { noCache: true });
const c = view('/c');

const opened = () => [a, b, c].reduce(addView, initAffix(emptyTags, [home]));

describe('tags view', () => {
  it('adds visited views once and caches those that are not noCache', () => {
    let s = opened();
    s = addView(s, { ...a, fullPath: '/a?page=2' });
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/sysset_home/basic', '/a', '/b', '/c']);
    expect(s.visitedViews[1]?.fullPath).toBe('/a?page=2');
    expect(s.cachedViews).toEqual(['/sysset_home/basic', '/a', '/c']);
  });

  it('closes one view and drops it from the cache', () => {
    const s = closeView(opened(), '/a');
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/sysset_home/basic', '/b', '/c']);
    expect(s.cachedViews).toEqual(['/sysset_home/basic', '/c']);
  });

  it('never closes an affix view', () => {
    const s0 = opened();
    expect(closeView(s0, '/sysset_home/basic')).toBe(s0);
  });

  it('closes the others but keeps affix views', () => {
    const s = closeOthers(opened(), '/c');
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/sysset_home/basic', '/c']);
    expect(s.cachedViews).toEqual(['/c']);
  });

  it('closes all but the affix views', () => {
    const s = closeAll(opened());
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/sysset_home/basic']);
    expect(s.cachedViews).toEqual([]);
  });

  it('refresh drops only the cache entry', () => {
    const s = uncacheView(opened(), '/a');
    expect(s.visitedViews).toHaveLength(4);
    expect(s.cachedViews).not.toContain('/a');
  });

  it('goes to the last view after closing the active one, else the root', () => {
    expect(lastViewPath(closeView(opened(), '/c'))).toBe('/b');
    expect(lastViewPath(emptyTags)).toBe('/');
  });
});
