import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import type { FrontPath, PageName, PAGES } from '@health/contract';

/** What a route tells the shell about itself (title, front path). */
export interface RouteHandle {
  /** i18n key of the title of a fixed route (login, 401, profile, ...). */
  titleKey?: string;
  /** Front path of a registered page: its title comes from the resource list / catalogue. */
  frontPath?: FrontPath;
  /** The catalogue's titles of that page (set with the route, so the shell need not load the catalogue). */
  page?: { title: string; titleEn?: string };
  /** Shown in the tag bar (pages of the layout). */
  tag?: boolean;
}

/**
 * A page this build of the web app has (one entry of an area's `pages.ts`, keyed by front path).
 * `bare: true` renders the page outside the layout shell (still behind the session and permission
 * checks), e.g. the digital large screen.
 */
export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  bare?: boolean;
  /**
   * A bare page that also opens without a session when this says so: the large screen opened by
   * a screen link (the token in the address's fragment; the server checks it on every call).
   */
  opensWithLink?: () => boolean;
}

/** An area's slice of the page registry. */
export type PageSlice = Partial<Record<FrontPath, PageEntry>>;

/** The deepest matched route's handle. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return [...matches].reverse().find((m) => m.handle)?.handle as RouteHandle | undefined;
}

/**
 * The front path of the page being rendered, from its route's handle (a page never types its own
 * path in). The page's name narrows the type (`useFrontPath<'members'>()`), so the actions it
 * checks are the ones its catalogue entry declares.
 */
export function useFrontPath<N extends PageName = PageName>(): (typeof PAGES)[N] {
  const frontPath = useRouteHandle()?.frontPath;
  if (!frontPath) throw new Error('useFrontPath: the route has no front path');
  return frontPath as (typeof PAGES)[N];
}
