/**
 * The logged-in part of the route table (the page registry, the layout and the guards) loads on
 * demand, not with /login (issue 16's budget): the router asks for it on the first navigation it
 * cannot match otherwise. The login page asks too, before choosing where to go, since the routes it
 * may open are known only then. The app registers the loader at start-up (app/router.tsx).
 */
let loader: (() => Promise<unknown>) | null = null;

export function setAppRoutesLoader(load: () => Promise<unknown>): void {
  loader = load;
}

/** Load the logged-in routes (once; later calls share the first load). */
export function loadAppRoutes(): Promise<unknown> {
  return loader ? loader() : Promise.resolve();
}
