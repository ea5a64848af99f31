import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

/**
 * A page's own title for the heading, the document title and nothing else, where the catalogue's
 * title of its route is not what the page shows: one hidden page adds, edits or views a record
 * ("新增权限组" on the page the catalogue calls "编辑权限组").
 */
interface PageTitleState {
  /** Title by pathname, while the page that set it is mounted. */
  titles: Record<string, string>;
}

export const usePageTitleStore = create<PageTitleState>(() => ({ titles: {} }));

/** The title a mounted page gave the pathname, if any. */
export function usePageTitleOf(pathname: string): string | undefined {
  return usePageTitleStore((s) => s.titles[pathname]);
}

/** Give the current page its own title while it is mounted (undefined: the route's title). */
export function usePageTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.setState((s) => ({ titles: { ...s.titles, [pathname]: title } }));
    return () =>
      usePageTitleStore.setState((s) => {
        if (s.titles[pathname] !== title) return s;
        const titles = { ...s.titles };
        delete titles[pathname];
        return { titles };
      });
  }, [pathname, title]);
}
