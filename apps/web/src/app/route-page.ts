import type { ComponentType } from 'react';

/** Lazy route component from a module's default export (every page is its own chunk). */
export const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});
