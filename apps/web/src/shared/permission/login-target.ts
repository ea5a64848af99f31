import type { Resource } from '@health/contract';
import type { PermissionData } from './routes';

// Apart from ./routes (which reads the contract's catalogue): the login page and the session's
// store use these, and /login must not download the catalogue (issue 16's budget).

/** Every front path the resource list allows (the spec's stored "route paths"). */
export function allowedPathsOf(resources: readonly Resource[]): string[] {
  const paths: string[] = [];
  for (const r of resources) for (const c of r.children) paths.push(c.frontPath);
  return paths;
}

/** Where to go after logging in: the redirect query if the operator may open it, else the root. */
export function postLoginTarget(
  redirect: string | null,
  data: PermissionData,
  publicPaths: readonly string[],
): string {
  if (!redirect) return '/';
  const pathname = redirect.split(/[?#]/)[0] ?? '';
  if (publicPaths.includes(pathname)) return redirect;
  if (pathname.startsWith('/redirect/')) return '/';
  return data.routes.some((r) => r.path === pathname && !r.newTab) ? redirect : '/';
}
