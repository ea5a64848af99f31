import { describe, expect, it } from 'vitest';
import { buildResourceTree, expandGrants, type Resource } from '@health/contract';
import {
  activeMenuOf,
  allowedPathsOf,
  chooseLanding,
  generatePermission,
  postLoginTarget,
  topKeyOfPath,
} from '../src/shared/permission/routes';

const child = (
  frontPath: string,
  title: string,
  extra: Partial<Resource['children'][number]> = {},
) => ({
  frontPath,
  title,
  hidden: false,
  actions: [],
  ...extra,
});

const resources: Resource[] = [
  { frontPath: '/sysset_home', title: '概况', children: [child('/sysset_home/basic', '概况')] },
  {
    frontPath: '/sysset_setting',
    title: '系统配置',
    children: [
      child('/sysset_setting/site_info', '站点配置', { actions: ['edit'] }),
      child('/sysset_setting/search', '搜索配置'),
      child('/sysset_setting/search_edit', '编辑搜索词', {
        hidden: true,
        activeMenu: '/sysset_setting/search',
      }),
    ],
  },
  {
    frontPath: '/member_manage',
    title: '会员管理',
    children: [
      child('/member_manage/detail', '会员详情', {
        hidden: true,
        activeMenu: '/member_manage/lists',
      }),
      child('/member_manage/lists', '会员列表'),
    ],
  },
  {
    frontPath: '/unknown_group',
    title: '未知分组',
    children: [child('/unknown_group/page', '未知页面')],
  },
  {
    frontPath: '/digital-large-screen',
    title: '数字大屏',
    children: [child('/digital-large-screen', '数字大屏')],
  },
];

const everything = new Set(allowedPathsOf(resources));

describe('generatePermission', () => {
  it('keeps only pages that are both permitted and registered', () => {
    const data = generatePermission(resources, new Set(['/sysset_home/basic', '/not/permitted']));
    expect(data.routes.map((r) => r.path)).toEqual(['/sysset_home/basic']);
    expect(data.topNav.map((t) => t.key)).toEqual(['sysset']);
    expect(Object.keys(data.menus)).toEqual(['sysset']);
  });

  it('shows nothing for a section whose pages are not built yet', () => {
    const data = generatePermission(resources, new Set(['/sysset_home/basic']));
    expect(data.topNav.find((t) => t.key === 'member')).toBeUndefined();
    expect(data.menus.member).toBeUndefined();
  });

  it('derives top tabs from the first segment split at "_", in resource order, once each', () => {
    const data = generatePermission(resources, everything);
    expect(data.topNav.map((t) => t.key)).toEqual([
      'sysset',
      'member',
      'unknown',
      'digital-large-screen',
    ]);
    expect(data.topNav.map((t) => t.title)).toEqual(['系统设置', '会员中心', '', '数字大屏']);
  });

  it('gives a key the label table does not know an empty label', () => {
    const data = generatePermission(resources, everything);
    const unknown = data.topNav.find((t) => t.key === 'unknown');
    expect(unknown).toMatchObject({ title: '', titleEn: '', path: '/unknown_group/page' });
  });

  it('links each tab to its first visible page (hidden pages are skipped)', () => {
    const data = generatePermission(resources, everything);
    expect(data.topNav.find((t) => t.key === 'sysset')?.path).toBe('/sysset_home/basic');
    // /member_manage/detail comes first but is hidden.
    expect(data.topNav.find((t) => t.key === 'member')?.path).toBe('/member_manage/lists');
  });

  it('opens the large screen from its tab in a new browser tab (the catalogue’s flag), the others in place', () => {
    const data = generatePermission(resources, everything);
    expect(data.topNav.find((t) => t.key === 'digital-large-screen')?.newTab).toBe(true);
    expect(data.topNav.find((t) => t.key === 'sysset')?.newTab).toBe(false);
  });

  it('routes hidden pages but leaves them out of the side menu', () => {
    const data = generatePermission(resources, everything);
    expect(data.routes.map((r) => r.path)).toContain('/sysset_setting/search_edit');
    const setting = data.menus.sysset?.find((g) => g.path === '/sysset_setting');
    expect(setting?.children.map((c) => c.path)).toEqual([
      '/sysset_setting/site_info',
      '/sysset_setting/search',
    ]);
  });

  it('builds the side menu of each tab from its groups, with group titles', () => {
    const data = generatePermission(resources, everything);
    expect(data.menus.sysset?.map((g) => [g.path, g.title, g.icon])).toEqual([
      ['/sysset_home', '概况', 'home'],
      ['/sysset_setting', '系统配置', 'setting'],
    ]);
    expect(data.menus.sysset?.[1]?.titleEn).toBe('Configuration');
  });

  it('highlights the activeMenu of a hidden page and picks its tab', () => {
    const data = generatePermission(resources, everything);
    expect(activeMenuOf(data, '/sysset_setting/search_edit')).toBe('/sysset_setting/search');
    expect(activeMenuOf(data, '/sysset_setting/site_info')).toBe('/sysset_setting/site_info');
    expect(topKeyOfPath(data, '/member_manage/detail')).toBe('member');
  });

  it('carries the actions, affix and noCache of each page', () => {
    const data = generatePermission(resources, everything);
    const site = data.routes.find((r) => r.path === '/sysset_setting/site_info');
    expect(site?.actions).toEqual(['edit']);
    expect(data.routes.find((r) => r.path === '/sysset_home/basic')?.affix).toBe(true);
    expect(data.routes.find((r) => r.path === '/sysset_setting/search_edit')?.noCache).toBe(true);
  });

  it('works with the resource tree the server builds from the catalogue', () => {
    const tree = buildResourceTree(
      expandGrants(['/sysset_home/basic', '/sysset_authority/authority_group']),
    );
    const data = generatePermission(tree, new Set(['/sysset_home/basic']));
    expect(data.topNav).toEqual([
      {
        key: 'sysset',
        title: '系统设置',
        titleEn: 'System settings',
        path: '/sysset_home/basic',
        newTab: false,
      },
    ]);
    expect(allowedPathsOf(tree)).toContain('/sysset_authority/authority_group_edit');
  });
});

describe('chooseLanding', () => {
  const data = generatePermission(resources, everything);

  it('uses the stored landing path when the operator may open it', () => {
    expect(chooseLanding('/member_manage/lists', data)).toBe('/member_manage/lists');
  });

  it('ignores a stored landing path that is not permitted', () => {
    expect(chooseLanding('/sysset_authority/authority_group', data)).toBe('/sysset_home/basic');
  });

  it('falls back to the first page of the first top section', () => {
    expect(chooseLanding(null, data)).toBe('/sysset_home/basic');
    const memberFirst = generatePermission([resources[2]!, resources[0]!], everything);
    expect(chooseLanding(undefined, memberFirst)).toBe('/member_manage/lists');
  });

  it('is empty when there is no route', () => {
    expect(chooseLanding(null, generatePermission(resources, new Set()))).toBe('');
    expect(chooseLanding('/sysset_home/basic', generatePermission([], everything))).toBe('');
  });
});

describe('postLoginTarget', () => {
  const data = generatePermission(resources, everything);
  it('follows a permitted redirect, with its query', () => {
    expect(postLoginTarget('/member_manage/lists?x=1', data, ['/profile/index'])).toBe(
      '/member_manage/lists?x=1',
    );
    expect(postLoginTarget('/profile/index', data, ['/profile/index'])).toBe('/profile/index');
  });
  it('goes to the root for anything else', () => {
    expect(postLoginTarget(null, data, [])).toBe('/');
    expect(postLoginTarget('/sysset_authority/authority_group', data, [])).toBe('/');
  });
});
