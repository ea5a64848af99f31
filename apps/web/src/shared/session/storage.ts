/** Local storage holding JSON (spec §9). Safe where there is no storage (tests, private mode). */

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string): T | null {
  const raw = store()?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) store()?.removeItem(key);
    else store()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the session then lives in memory only.
  }
}

export function removeKeys(keys: readonly string[]): void {
  const s = store();
  for (const key of keys) s?.removeItem(key);
}

export function hasKey(key: string): boolean {
  return store()?.getItem(key) != null;
}
