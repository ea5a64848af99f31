import { COMPONENTS, type ComponentType, type PageDocument } from './page-document.js';

/**
 * The difference of two page documents (版本记录's compare): blocks added, removed and moved, and
 * for each block in both the fields that changed with their two values. Blocks are matched by id,
 * so a block that moved and changed is both.
 */
export interface FieldChange {
  /** Dotted prop path ("items.0.image"; "" for a whole value). */
  path: string;
  before: unknown;
  after: unknown;
}

export interface BlockChange {
  id: string;
  type: ComponentType;
  label: string;
  /** Position (0-based) in the older and the newer document; null where absent. */
  from: number | null;
  to: number | null;
  kind: 'added' | 'removed' | 'moved' | 'changed';
  fields: FieldChange[];
}

export interface DocumentDiff {
  root: FieldChange[];
  blocks: BlockChange[];
}

/** Leaf values of a value by dotted path (arrays by index). */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(prefix, []);
    value.forEach((v, i) => flatten(v, prefix === '' ? String(i) : `${prefix}.${i}`, out));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.set(prefix, {});
    for (const [k, v] of entries) flatten(v, prefix === '' ? k : `${prefix}.${k}`, out);
  } else {
    out.set(prefix, value);
  }
}

export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const changes: FieldChange[] = [];
  for (const path of paths) {
    if (path === 'id') continue;
    const x = a.get(path);
    const y = b.get(path);
    if (JSON.stringify(x) !== JSON.stringify(y)) changes.push({ path, before: x, after: y });
  }
  return changes;
}

/** Ids of the longest common subsequence of two id lists: the blocks that kept their order. */
function keptInOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

export function diffDocuments(older: PageDocument, newer: PageDocument): DocumentDiff {
  const root = fieldChanges(older.root.props, newer.root.props);
  const before = new Map(older.content.map((b, i) => [b.props.id, { block: b, at: i }]));
  const after = new Map(newer.content.map((b, i) => [b.props.id, { block: b, at: i }]));
  const common = (ids: string[], other: Map<string, unknown>) => ids.filter((id) => other.has(id));
  const kept = keptInOrder(
    common(
      older.content.map((b) => b.props.id),
      after,
    ),
    common(
      newer.content.map((b) => b.props.id),
      before,
    ),
  );
  const blocks: BlockChange[] = [];
  const label = (type: ComponentType) => COMPONENTS[type].label;
  for (const [id, { block, at }] of after) {
    const old = before.get(id);
    if (!old) {
      blocks.push({
        id,
        type: block.type,
        label: label(block.type),
        from: null,
        to: at,
        kind: 'added',
        fields: [],
      });
      continue;
    }
    const fields =
      old.block.type === block.type
        ? fieldChanges(old.block.props, block.props)
        : [{ path: 'type', before: old.block.type, after: block.type }];
    const moved = !kept.has(id);
    if (!moved && fields.length === 0) continue;
    blocks.push({
      id,
      type: block.type,
      label: label(block.type),
      from: old.at,
      to: at,
      kind: moved ? 'moved' : 'changed',
      fields,
    });
  }
  for (const [id, { block, at }] of before) {
    if (after.has(id)) continue;
    blocks.push({
      id,
      type: block.type,
      label: label(block.type),
      from: at,
      to: null,
      kind: 'removed',
      fields: [],
    });
  }
  blocks.sort((x, y) => (x.to ?? x.from ?? 0) - (y.to ?? y.from ?? 0));
  return { root, blocks };
}
