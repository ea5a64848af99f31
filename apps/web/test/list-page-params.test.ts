import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  formToParams,
  paramsToFilters,
  paramsToForm,
  readListState,
  requestParamsOf,
  searchFieldsOf,
  sortFieldOf,
  writeListState,
} from '../src/shared/components/list-page/query-params';
import type { ListColumn } from '../src/shared/components/list-page/types';

type Row = { id: number; name: string; status: number; createdAt: number; score: number };

const columns: ListColumn<Row>[] = [
  {
    title: '创建时间',
    dataIndex: 'createdAt',
    sorter: true,
    search: { type: 'dateRange', order: 9 },
  },
  { title: '名称', dataIndex: 'name', search: { type: 'text' } },
  {
    title: '状态',
    dataIndex: 'status',
    search: {
      type: 'select',
      options: [
        { label: '启用', value: 1 },
        { label: '停用', value: 0 },
      ],
    },
  },
  {
    title: '标签',
    dataIndex: 'tags',
    hideInTable: true,
    search: { type: 'select', multiple: true, options: [] },
  },
  {
    title: '分数',
    dataIndex: 'score',
    sorter: 'scoreSort',
    search: { type: 'number' },
    hideInSearch: true,
  },
  { title: 'ID', dataIndex: 'id' },
];

describe('list page: columns → query fields', () => {
  it('takes the searchable columns in form order with their parameter names', () => {
    const fields = searchFieldsOf(columns);
    expect(fields.map((f) => [f.key, f.label, f.params])).toEqual([
      ['name', '名称', ['name']],
      ['status', '状态', ['status']],
      ['tags', '标签', ['tags']],
      ['createdAt', '创建时间', ['startTime', 'endTime']],
    ]);
  });

  it('knows which columns sort and by which field', () => {
    expect(columns.map(sortFieldOf)).toEqual([
      'createdAt',
      undefined,
      undefined,
      undefined,
      'scoreSort',
      undefined,
    ]);
  });

  it('turns form values into request parameters, leaving empty fields out', () => {
    const fields = searchFieldsOf(columns);
    const start = dayjs('2024-03-01T10:00:00');
    const end = dayjs('2024-03-05T08:00:00');
    expect(
      formToParams(fields, { name: '  张三 ', status: 0, tags: [], createdAt: [start, end] }),
    ).toEqual({
      name: '张三',
      status: 0,
      startTime: dayjs('2024-03-01T00:00:00').valueOf(),
      endTime: dayjs('2024-03-05T23:59:59.999').valueOf(),
    });
    expect(
      formToParams(fields, { name: '   ', status: undefined, createdAt: [null, end] }),
    ).toEqual({
      endTime: dayjs('2024-03-05T23:59:59.999').valueOf(),
    });
  });

  it('round-trips filters through the URL back into the form', () => {
    const fields = searchFieldsOf(columns);
    const start = dayjs('2024-03-01T00:00:00');
    const params = formToParams(fields, {
      name: '李',
      status: 1,
      tags: ['a', 'b'],
      createdAt: [start, dayjs('2024-03-02')],
    });
    const url = writeListState(new URLSearchParams('other=keep&name=old'), fields, {
      current: 3,
      pageSize: 50,
      sortField: 'createdAt',
      sortOrder: 'ascend',
      filters: paramsToFilters(params),
    });
    expect(url.get('other')).toBe('keep');
    expect(url.getAll('tags')).toEqual(['a', 'b']);
    const state = readListState(url, fields);
    expect(state).toMatchObject({
      current: 3,
      pageSize: 50,
      sortField: 'createdAt',
      sortOrder: 'ascend',
    });
    const form = paramsToForm(fields, state.filters);
    expect(form.name).toBe('李');
    expect(form.status).toBe(1); // the option's own (number) value, not the URL string
    expect(form.tags).toEqual(['a', 'b']);
    const range = form.createdAt as dayjs.Dayjs[];
    expect(range[0]?.valueOf()).toBe(start.valueOf());
    expect(requestParamsOf(state, { fixed: 1 })).toEqual({
      name: '李',
      status: '1',
      tags: ['a', 'b'],
      startTime: String(start.valueOf()),
      endTime: String(dayjs('2024-03-02T23:59:59.999').valueOf()),
      fixed: 1,
      sortField: 'createdAt',
      sortOrder: 'ascend',
      current: 3,
      pageSize: 50,
    });
  });

  it('uses defaults for a clean URL and ignores nonsense', () => {
    const fields = searchFieldsOf(columns);
    expect(
      readListState(new URLSearchParams('current=-2&pageSize=x&sortOrder=up&unrelated=1'), fields, {
        sortField: 'createdAt',
        sortOrder: 'descend',
      }),
    ).toEqual({
      current: 1,
      pageSize: 20,
      sortField: 'createdAt',
      sortOrder: 'descend',
      filters: {},
    });
    // An explicitly cleared sort stays cleared.
    expect(
      readListState(new URLSearchParams('sortField='), fields, {
        sortField: 'createdAt',
        sortOrder: 'descend',
      }).sortField,
    ).toBeUndefined();
    expect(readListState(new URLSearchParams('pageSize=500'), fields).pageSize).toBe(100);
  });
});
