import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_KEYS,
  CATALOGUE,
  PLANNED_CATALOGUE,
  actionKey,
  buildResourceTree,
  expandGrants,
  findPage,
  topNavKeyOf,
  topNavLabel,
} from '@health/contract';

describe('the front-path catalogue', () => {
  it('has unique page paths, each under its section', () => {
    const seen = new Set<string>();
    for (const section of CATALOGUE) {
      for (const page of section.pages) {
        expect(seen.has(page.path)).toBe(false);
        seen.add(page.path);
        if (section.path !== page.path) expect(page.path.startsWith(section.path + '/')).toBe(true);
      }
    }
  });
  it('ties every hidden page to a visible list page that exists', () => {
    for (const section of CATALOGUE) {
      for (const page of section.pages.filter((p) => p.hidden)) {
        const list = findPage(page.activeMenu ?? '');
        expect(list, page.path).toBeDefined();
        expect(list?.hidden ?? false).toBe(false);
      }
    }
  });
  it('plans every top tab key of the spec', () => {
    const keys = new Set(PLANNED_CATALOGUE.map((s) => topNavKeyOf(s.path)));
    expect([...keys].sort()).toEqual(
      [
        'decorate',
        'device',
        'digital-large-screen',
        'health',
        'integralmall',
        'manage',
        'marketing',
        'member',
        'report',
        'statistics',
        'sysset',
      ].sort(),
    );
    for (const key of keys) expect(topNavLabel(key)).not.toBe('');
  });
});

describe('top navigation keys', () => {
  it('take the first segment split at the underscore', () => {
    expect(topNavKeyOf('/sysset_home/basic')).toBe('sysset');
    expect(topNavKeyOf('/member_manage')).toBe('member');
    expect(topNavKeyOf('/integralmall/goods')).toBe('integralmall');
    expect(topNavKeyOf('/digital-large-screen')).toBe('digital-large-screen');
  });
  it('give an empty label to unknown keys', () => {
    expect(topNavLabel('sysset')).toBe('系统设置');
    expect(topNavLabel('unknown')).toBe('');
  });
});

describe('grants', () => {
  it('add hidden pages of a granted list page and drop orphan actions and unknown keys', () => {
    const grants = expandGrants([
      '/sysset_authority/authority_group',
      actionKey('/sysset_authority/authority_group', 'add'),
      actionKey('/sysset_authority/authority_member', 'add'),
      '/no/such/page',
    ]);
    expect([...grants].sort()).toEqual(
      [
        '/sysset_authority/authority_group',
        '/sysset_authority/authority_group:add',
        '/sysset_authority/authority_group_edit',
      ].sort(),
    );
  });
  it('build a resource tree with only granted sections, pages and actions', () => {
    const tree = buildResourceTree(
      expandGrants([
        '/sysset_home/basic',
        '/sysset_agreement/lists',
        '/sysset_agreement/lists:edit',
      ]),
    );
    expect(tree.map((r) => r.frontPath)).toEqual(['/sysset_home', '/sysset_agreement']);
    const agreement = tree[1]!;
    expect(agreement.children.map((c) => [c.frontPath, c.hidden, c.actions])).toEqual([
      ['/sysset_agreement/lists', false, ['edit']],
      ['/sysset_agreement/lists_edit', true, []],
    ]);
    expect(agreement.children[1]?.activeMenu).toBe('/sysset_agreement/lists');
  });
  it('give the whole catalogue to a group holding every key', () => {
    const tree = buildResourceTree(new Set(ALL_PERMISSION_KEYS));
    expect(tree).toHaveLength(CATALOGUE.length);
  });
  it('offer every planned page now that each is built (issue 11: a page is offered only once built)', () => {
    const planned = PLANNED_CATALOGUE.flatMap((s) => s.pages);
    // Issue 11 found 41 of 74 pages opening the 404 page; with 数字大屏 (issue 34) none is left.
    expect(planned.filter((p) => !p.entity).map((p) => p.path)).toEqual([]);
    const tree = buildResourceTree(expandGrants(planned.map((p) => p.path)));
    const offered = tree.flatMap((r) => r.children.map((c) => c.frontPath));
    expect(offered).toHaveLength(planned.length);
    expect(tree.map((r) => r.frontPath)).toContain('/digital-large-screen');
    expect(ALL_PERMISSION_KEYS).toContain('/digital-large-screen:links');
    expect(findPage('/digital-large-screen')).toMatchObject({ newTab: true });
  });
});
