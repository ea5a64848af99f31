/**
 * JSON text of immutable shared values (a group's resource tree), computed once per object. Hot
 * answers embed it instead of serializing the same few kilobytes on every request.
 */
const cache = new WeakMap<object, string>();

export function cachedJson(value: object): string {
  let json = cache.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    cache.set(value, json);
  }
  return json;
}
