import { useMemo } from 'react';
import { actionKey, type Resource } from '@health/contract';
import { usePermissionStore } from './permission';

// Apart from the permission store: actionKey lives in the contract's catalogue, which /login (it
// uses the store) must not download.

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
