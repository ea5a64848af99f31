/**
 * Tag bar state (spec §4), pure: visited views are added on navigation and closed one by one,
 * all but one, or all; affix (pinned) views always stay; a noCache view is visited but never cached.
 */

export interface TagView {
  /** Path without query: the view's identity. */
  path: string;
  /** Path with query and hash, to navigate back to exactly where the operator was. */
  fullPath: string;
  title: string;
  titleEn: string;
  affix: boolean;
  noCache: boolean;
}

export interface TagsState {
  visitedViews: TagView[];
  /** Paths of views kept alive. */
  cachedViews: string[];
}

export const emptyTags: TagsState = { visitedViews: [], cachedViews: [] };

export function addView(state: TagsState, view: TagView): TagsState {
  const index = state.visitedViews.findIndex((v) => v.path === view.path);
  const visitedViews =
    index >= 0
      ? state.visitedViews.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath } : v))
      : [...state.visitedViews, view];
  const cachedViews =
    view.noCache || state.cachedViews.includes(view.path)
      ? state.cachedViews
      : [...state.cachedViews, view.path];
  return { visitedViews, cachedViews };
}

/** Affix views are added first (at start-up) so they lead the bar. */
export function initAffix(state: TagsState, affix: readonly TagView[]): TagsState {
  let next = state;
  for (const view of affix) next = addView(next, { ...view, affix: true });
  return next;
}

export function closeView(state: TagsState, path: string): TagsState {
  const view = state.visitedViews.find((v) => v.path === path);
  if (!view || view.affix) return state;
  return {
    visitedViews: state.visitedViews.filter((v) => v.path !== path),
    cachedViews: state.cachedViews.filter((p) => p !== path),
  };
}

export function closeOthers(state: TagsState, path: string): TagsState {
  return {
    visitedViews: state.visitedViews.filter((v) => v.affix || v.path === path),
    cachedViews: state.cachedViews.filter((p) => p === path),
  };
}

export function closeAll(state: TagsState): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix);
  return { visitedViews, cachedViews: [] };
}

/** Drop a view from the cache only (tag-bar Refresh), so it is built afresh. */
export function uncacheView(state: TagsState, path: string): TagsState {
  return { ...state, cachedViews: state.cachedViews.filter((p) => p !== path) };
}

/** Where to go after the active view was closed: the last remaining view, else the root. */
export function lastViewPath(state: TagsState): string {
  const last = state.visitedViews[state.visitedViews.length - 1];
  return last?.fullPath ?? '/';
}
