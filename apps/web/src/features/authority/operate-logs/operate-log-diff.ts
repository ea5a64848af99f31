/**
 * Before/after snapshots of an operation-log entry as a field-by-field table. Nested objects are
 * compared by dotted path ("channel.enabled") down to a depth; arrays and anything deeper are
 * compared as a whole and shown pretty-printed. "***" is a redacted secret and is shown as such.
 */

export const REDACTED = '***';
const MAX_DEPTH = 3;

export interface DiffRow {
  /** Dotted path of the field; "" when a snapshot is not an object (a single value). */
  field: string;
  before: unknown;
  after: unknown;
  /** The field exists in the before / after snapshot. */
  inBefore: boolean;
  inAfter: boolean;
  changed: boolean;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Stable JSON: object keys sorted, so equal values compare equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function flatten(
  value: Record<string, unknown>,
  prefix: string,
  depth: number,
  out: Map<string, unknown>,
): void {
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(v) && depth < MAX_DEPTH && Object.keys(v).length > 0) {
      flatten(v, path, depth + 1, out);
    } else {
      out.set(path, v);
    }
  }
}

/** The rows of a before/after pair (either may be null: an add has no before, a delete no after). */
export function diffSnapshots(before: unknown, after: unknown): DiffRow[] {
  const noBefore = before === null || before === undefined;
  const noAfter = after === null || after === undefined;
  if (noBefore && noAfter) return [];
  const objects = (noBefore || isPlainObject(before)) && (noAfter || isPlainObject(after));
  if (!objects) {
    return [
      {
        field: '',
        before: noBefore ? undefined : before,
        after: noAfter ? undefined : after,
        inBefore: !noBefore,
        inAfter: !noAfter,
        changed: !sameValue(before, after),
      },
    ];
  }
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (!noBefore) flatten(before as Record<string, unknown>, '', 0, b);
  if (!noAfter) flatten(after as Record<string, unknown>, '', 0, a);
  const fields = [...b.keys()];
  for (const key of a.keys()) if (!b.has(key)) fields.push(key);
  return fields.map((field) => {
    const inBefore = b.has(field);
    const inAfter = a.has(field);
    const bv = b.get(field);
    const av = a.get(field);
    return {
      field,
      before: bv,
      after: av,
      inBefore,
      inAfter,
      // A one-sided snapshot (add / delete): every field counts as changed.
      changed: inBefore !== inAfter || !sameValue(bv, av),
    };
  });
}

/** How a snapshot value is shown: '-' when absent, strings as is, the rest pretty JSON. */
export function displaySnapshotValue(value: unknown, present: boolean): string {
  if (!present || value === undefined) return '-';
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

export function isRedacted(value: unknown): boolean {
  return value === REDACTED;
}
