import { describe, expect, it } from 'vitest';
import {
  diffSnapshots,
  displaySnapshotValue,
  isRedacted,
} from '../src/features/authority/operate-logs/operate-log-diff';

describe('operation log diff', () => {
  it('lists every field of an edit, marking the changed ones', () => {
    const rows = diffSnapshots(
      { name: '客服组', description: '', enabled: 1, resources: ['/a', '/b'] },
      { name: '客服一组', description: '', enabled: 1, resources: ['/a', '/c'], note: 'x' },
    );
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['name', true],
      ['description', false],
      ['enabled', false],
      ['resources', true],
      ['note', true],
    ]);
    expect(rows[4]).toMatchObject({ inBefore: false, inAfter: true, after: 'x' });
  });

  it('compares nested objects by dotted path and regardless of key order', () => {
    const rows = diffSnapshots(
      { channel: { enabled: 0, mch: { id: '1', region: 'cn' } } },
      { channel: { mch: { region: 'cn', id: '2' }, enabled: 0 } },
    );
    expect(rows).toEqual([
      {
        field: 'channel.enabled',
        before: 0,
        after: 0,
        inBefore: true,
        inAfter: true,
        changed: false,
      },
      {
        field: 'channel.mch.id',
        before: '1',
        after: '2',
        inBefore: true,
        inAfter: true,
        changed: true,
      },
      {
        field: 'channel.mch.region',
        before: 'cn',
        after: 'cn',
        inBefore: true,
        inAfter: true,
        changed: false,
      },
    ]);
    // Equal objects with keys in another order are not a change.
    const same = diffSnapshots({ a: [{ x: 1, y: 2 }] }, { a: [{ y: 2, x: 1 }] });
    expect(same[0]?.changed).toBe(false);
  });

  it('treats an add (no before) and a delete (no after) as all fields changed', () => {
    expect(diffSnapshots(null, { name: 'n' })).toEqual([
      {
        field: 'name',
        before: undefined,
        after: 'n',
        inBefore: false,
        inAfter: true,
        changed: true,
      },
    ]);
    expect(diffSnapshots({ name: 'n' }, null)[0]).toMatchObject({ inAfter: false, changed: true });
    expect(diffSnapshots(null, null)).toEqual([]);
  });

  it('compares non-object snapshots as one value', () => {
    expect(diffSnapshots('a', 'b')).toEqual([
      { field: '', before: 'a', after: 'b', inBefore: true, inAfter: true, changed: true },
    ]);
  });

  it('keeps redacted values as *** and shows values readably', () => {
    const rows = diffSnapshots({ password: '***' }, { password: '***' });
    expect(rows[0]?.changed).toBe(false);
    expect(isRedacted(rows[0]?.after)).toBe(true);
    expect(displaySnapshotValue(undefined, false)).toBe('-');
    expect(displaySnapshotValue(null, true)).toBe('null');
    expect(displaySnapshotValue('', true)).toBe('""');
    expect(displaySnapshotValue(3, true)).toBe('3');
    expect(displaySnapshotValue({ a: [1] }, true)).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
