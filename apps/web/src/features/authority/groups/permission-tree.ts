import {
  ACTION_SEPARATOR,
  CATALOGUE,
  actionKey,
  type PageDef,
  type SectionDef,
} from '@health/contract';

/**
 * The group editor's tree, from the catalogue: section → list page → its actions and its hidden
 * pages. Keys of the tree are the resource keys themselves (pages and actions); sections use a
 * "section:" prefix and are never stored.
 */

export const SECTION_PREFIX = 'section:';

export interface PermNode {
  key: string;
  title: string;
  /** English title (sections and pages: the catalogue's; actions: none, see `action`). */
  titleEn?: string;
  /** For an action: its key ("add", "ship"), which names its English in the group locale. */
  action?: string;
  kind: 'section' | 'page' | 'action' | 'hidden';
  /** For an action: its page; for a hidden page: its list page. */
  parent?: string;
  children?: PermNode[];
}

function hiddenPagesOf(list: string): PageDef[] {
  return CATALOGUE.flatMap((s) => s.pages).filter((p) => p.hidden && p.activeMenu === list);
}

function pageNode(page: PageDef): PermNode {
  const actions: PermNode[] = (page.actions ?? []).map((a) => ({
    key: actionKey(page.path, a.key),
    title: a.title,
    action: a.key,
    kind: 'action',
    parent: page.path,
  }));
  const hidden: PermNode[] = hiddenPagesOf(page.path).map((h) => ({
    key: h.path,
    title: h.title,
    titleEn: h.titleEn,
    kind: 'hidden',
    parent: page.path,
  }));
  const children = [...actions, ...hidden];
  return {
    key: page.path,
    title: page.title,
    titleEn: page.titleEn,
    kind: 'page',
    ...(children.length > 0 ? { children } : {}),
  };
}

function sectionNode(section: SectionDef): PermNode {
  return {
    key: `${SECTION_PREFIX}${section.path}`,
    title: section.title,
    titleEn: section.titleEn,
    kind: 'section',
    children: section.pages.filter((p) => !p.hidden).map(pageNode),
  };
}

export const PERMISSION_TREE: PermNode[] = CATALOGUE.map(sectionNode);

/** Every selectable key of a section (its pages and their actions). */
function selectableKeysOf(node: PermNode): string[] {
  if (node.kind === 'page')
    return [
      node.key,
      ...(node.children ?? []).filter((c) => c.kind === 'action').map((c) => c.key),
    ];
  return (node.children ?? []).flatMap(selectableKeysOf);
}

export const ALL_SELECTABLE_KEYS: string[] = PERMISSION_TREE.flatMap(selectableKeysOf);

const nodeIndex = new Map<string, PermNode>();
(function index(nodes: PermNode[]) {
  for (const n of nodes) {
    nodeIndex.set(n.key, n);
    if (n.children) index(n.children);
  }
})(PERMISSION_TREE);

export const SECTION_KEYS = PERMISSION_TREE.map((n) => n.key);

export const isActionKey = (key: string) => key.includes(ACTION_SEPARATOR);

/** Only keys the editor can select (no sections, no hidden pages, no unknown keys). */
export function normalizeSelection(keys: Iterable<string>): string[] {
  const wanted = new Set(keys);
  return ALL_SELECTABLE_KEYS.filter((k) => wanted.has(k));
}

/**
 * The new selection after the user checks or unchecks one node: a section selects or clears all
 * of its pages and actions; an action brings its page; unchecking a page drops its actions.
 */
export function toggle(selection: readonly string[], key: string, checked: boolean): string[] {
  const next = new Set(selection);
  const node = nodeIndex.get(key);
  if (!node || node.kind === 'hidden') return [...selection];
  if (node.kind === 'section') {
    for (const k of selectableKeysOf(node)) {
      if (checked) next.add(k);
      else next.delete(k);
    }
  } else if (node.kind === 'page') {
    if (checked) next.add(key);
    else for (const k of selectableKeysOf(node)) next.delete(k);
  } else if (checked) {
    next.add(key);
    if (node.parent) next.add(node.parent);
  } else {
    next.delete(key);
  }
  return normalizeSelection(next);
}

/** What the tree shows: checked keys (hidden pages follow their list page) and half-checked sections. */
export function treeState(selection: readonly string[]): {
  checked: string[];
  halfChecked: string[];
} {
  const selected = new Set(selection);
  const checked = [...selection];
  const halfChecked: string[] = [];
  for (const section of PERMISSION_TREE) {
    const keys = selectableKeysOf(section);
    const count = keys.filter((k) => selected.has(k)).length;
    if (count === keys.length && count > 0) checked.push(section.key);
    else if (count > 0) halfChecked.push(section.key);
    for (const page of section.children ?? []) {
      for (const child of page.children ?? []) {
        if (child.kind === 'hidden' && selected.has(page.key)) checked.push(child.key);
      }
      const actions = (page.children ?? []).filter((c) => c.kind === 'action');
      const some = actions.some((a) => selected.has(a.key));
      if (!selected.has(page.key) && some) halfChecked.push(page.key);
    }
  }
  return { checked, halfChecked };
}

export function countSelection(selection: readonly string[]): { pages: number; actions: number } {
  const actions = selection.filter(isActionKey).length;
  return { pages: selection.length - actions, actions };
}
