import { create } from 'zustand';
import { StorageKeys, type FrontPath, type PageAction, type Resource } from '@health/contract';
import { readJson, writeJson } from '../session/storage';
import { allowedPathsOf } from '../permission/login-target';
import type { generatePermission, PermissionData } from '../permission/routes';

/**
 * Permitted routes, top tabs and menus (vue-element-admin's "permission" module). The resource
 * list comes from login / user info; the registered paths (pages this build has) are given once,
 * with the function that builds the routes from both, by the app's routes when they load — not at
 * start-up: /login downloads neither the page registry nor the catalogue (issue 16's budget).
 * Until then the resource list and allowed paths are kept and the route data is empty.
 */
export interface PermissionState extends PermissionData {
  resources: Resource[];
  /** Every front path the resource list allows, built or not (the spec's stored route paths). */
  allowedPaths: string[];
  registered: ReadonlySet<string>;
  setRegistered: (paths: Iterable<string>, generate: typeof generatePermission) => void;
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

/** The route builder, given with the registered paths (permission/routes.ts). */
let generate: typeof generatePermission | null = null;
const generated = (resources: Resource[], registered: ReadonlySet<string>): PermissionData =>
  generate ? generate(resources, registered) : empty;

const storedResources = readJson<Resource[]>(StorageKeys.menuData) ?? [];

export const usePermissionStore = create<PermissionState>()((set, get) => ({
  ...empty,
  resources: storedResources,
  allowedPaths: readJson<string[]>(StorageKeys.routeData) ?? [],
  registered: new Set<string>(),
  setRegistered: (paths, generator) => {
    generate = generator;
    const registered = new Set(paths);
    const { resources, allowedPaths } = get();
    const data = generated(resources, registered);
    // A login before the app's routes loaded stored empty top tabs: store the real ones.
    if (resources.length > 0) persist(resources, data, allowedPaths);
    set({ registered, ...data });
  },
  setResources: (resources) => {
    const data = generated(resources, get().registered);
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
