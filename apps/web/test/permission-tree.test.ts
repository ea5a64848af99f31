import { ALL_PAGE_PATHS, CATALOGUE, expandGrants, findPage } from '@health/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_SELECTABLE_KEYS,
  PERMISSION_TREE,
  SECTION_PREFIX,
  countSelection,
  normalizeSelection,
  toggle,
  treeState,
} from '../src/features/authority/groups/permission-tree';

const GROUP = '/sysset_authority/authority_group';
const GROUP_EDIT = '/sysset_authority/authority_group_edit';

describe('the group editor tree', () => {
  it('holds every section, every visible page, every action and every hidden page once', () => {
    expect(PERMISSION_TREE.map((n) => n.title)).toEqual(CATALOGUE.map((s) => s.title));
    const keys: string[] = [];
    const walk = (nodes: typeof PERMISSION_TREE) => {
      for (const n of nodes) {
        keys.push(n.key);
        if (n.children) walk(n.children);
      }
    };
    walk(PERMISSION_TREE);
    expect(new Set(keys).size).toBe(keys.length);
    for (const path of ALL_PAGE_PATHS) expect(keys).toContain(path);
    // Hidden pages sit under their list page.
    const authority = PERMISSION_TREE.find((n) => n.key === `${SECTION_PREFIX}/sysset_authority`);
    const groupNode = authority?.children?.find((n) => n.key === GROUP);
    expect(groupNode?.children?.map((c) => [c.title, c.kind])).toEqual([
      ['新增', 'action'],
      ['编辑', 'action'],
      ['删除', 'action'],
      ['编辑权限组', 'hidden'],
    ]);
    expect(ALL_SELECTABLE_KEYS.some((k) => findPage(k)?.hidden)).toBe(false);
  });

  it('brings the page with an action, drops the actions with the page, and checks hidden pages with it', () => {
    let selection = toggle([], `${GROUP}:edit`, true);
    expect(selection).toEqual([GROUP, `${GROUP}:edit`]);
    expect(treeState(selection).checked).toContain(GROUP_EDIT);
    expect(treeState(selection).halfChecked).toContain(`${SECTION_PREFIX}/sysset_authority`);
    selection = toggle(selection, GROUP, false);
    expect(selection).toEqual([]);
    expect(treeState(selection).checked).not.toContain(GROUP_EDIT);
    // The hidden page itself cannot be toggled.
    expect(toggle([], GROUP_EDIT, true)).toEqual([]);
  });

  it('selects and clears a whole section', () => {
    const all = toggle([], `${SECTION_PREFIX}/sysset_authority`, true);
    expect(countSelection(all)).toEqual({ pages: 3, actions: 10 });
    expect(treeState(all).checked).toContain(`${SECTION_PREFIX}/sysset_authority`);
    expect(toggle(all, `${SECTION_PREFIX}/sysset_authority`, false)).toEqual([]);
  });

  it('always yields a selection the server stores unchanged (no orphan actions, no hidden pages)', () => {
    const nodeKeys = [...ALL_SELECTABLE_KEYS, ...PERMISSION_TREE.map((n) => n.key), GROUP_EDIT];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...nodeKeys), fc.boolean()), { maxLength: 40 }),
        (steps) => {
          let selection: string[] = [];
          for (const [key, checked] of steps) selection = toggle(selection, key, checked);
          const visible = [...expandGrants(selection)].filter((k) => !findPage(k)?.hidden);
          expect(normalizeSelection(visible)).toEqual(selection);
        },
      ),
    );
  });
});
