import { useMemo } from 'react';
import { create } from 'zustand';
import {
  actionKey,
  StorageKeys,
  type FrontPath,
  type PageAction,
  type Resource,
} from '@health/contract';
import { readJson, writeJson } from '../session/storage';
import { allowedPathsOf, generatePermission, type PermissionData } from '../permission/routes';

/**
 * Permitted routes, top tabs and menus (vue-element-admin's "permission" module). The resource
 * list comes from login / user info; the registered paths (pages this build has) are given once at
 * start-up by the app's page registry.
 */
export interface PermissionState extends PermissionData {
  resources: Resource[];
  /** Every front path the resource list allows, built or not (the spec's stored route paths). */
  allowedPaths: string[];
  registered: ReadonlySet<string>;
  setRegistered: (paths: Iterable<string>) => void;
  /** New resource list (login, user info): regenerate and store menu, route and top-nav data. */
  setResources: (resources: Resource[]) => void;
  reset: () => void;
}

const empty: PermissionData = { routes: [], topNav: [], menus: {} };

function persist(resources: Resource[], data: PermissionData, allowedPaths: string[]) {
  writeJson(StorageKeys.menuData, resources);
  writeJson(StorageKeys.routeData, allowedPaths);
  writeJson(
    StorageKeys.topNavKeys,
    data.topNav.map((t) => t.key),
  );
  writeJson(StorageKeys.topNavInfo, data.topNav);
}

const storedResources = readJson<Resource[]>(StorageKeys.menuData) ?? [];

export const usePermissionStore = create<PermissionState>()((set, get) => ({
  ...empty,
  resources: storedResources,
  allowedPaths: readJson<string[]>(StorageKeys.routeData) ?? [],
  registered: new Set<string>(),
  setRegistered: (paths) => {
    const registered = new Set(paths);
    set({ registered, ...generatePermission(get().resources, registered) });
  },
  setResources: (resources) => {
    const data = generatePermission(resources, get().registered);
    const allowedPaths = allowedPathsOf(resources);
    persist(resources, data, allowedPaths);
    set({ resources, allowedPaths, ...data });
  },
  reset: () => set({ ...empty, resources: [], allowedPaths: [] }),
}));

export function isPermitted(path: string): boolean {
  return usePermissionStore.getState().routes.some((r) => r.path === path);
}

/** The actions page P declares; for a union of pages, any of theirs (distributes over P). */
export type ActionOf<P extends FrontPath> = P extends FrontPath ? PageAction<P> : never;

/** Actions the operator holds on a page (for showing buttons): only actions page P declares. */
export function usePageActions<P extends FrontPath>(path: P): readonly ActionOf<P>[] {
  return usePermissionStore(
    (s) => (s.routes.find((r) => r.path === path)?.actions ?? NO_ACTIONS) as ActionOf<P>[],
  );
}
const NO_ACTIONS: readonly never[] = [];

/** Whether the operator holds an action on a page. */
export function useHasAction<P extends FrontPath>(path: P, action: ActionOf<P>): boolean {
  return usePageActions(path).includes(action);
}

/** Every permission key the operator holds (pages and page:action keys), from its resource list. */
export function heldKeysOf(resources: readonly Resource[]): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const section of resources) {
    for (const page of section.children) {
      keys.add(page.frontPath);
      for (const action of page.actions) keys.add(actionKey(page.frontPath, action));
    }
  }
  return keys;
}

/** The keys the operator holds, rebuilt only when its resource list changes. */
export function useHeldKeys(): ReadonlySet<string> {
  const resources = usePermissionStore((s) => s.resources);
  return useMemo(() => heldKeysOf(resources), [resources]);
}

/** Whether the operator holds at least one of the keys. */
export function useHoldsAny(keys: readonly string[]): boolean {
  const held = useHeldKeys();
  return keys.some((key) => held.has(key));
}
