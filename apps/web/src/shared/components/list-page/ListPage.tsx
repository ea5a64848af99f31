import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Key,
  type ReactNode,
  type Ref,
} from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Result, Space, Table, Tooltip } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@health/contract';
import { download } from '../../api/client';
import { toast } from '../../feedback/feedback';
import { useAppStore } from '../../stores/app';
import {
  formToParams,
  paramsToFilters,
  paramsToForm,
  readListState,
  requestParamsOf,
  searchFieldsOf,
  sortFieldOf,
  writeListState,
  type ListState,
} from './query-params';
import type {
  BatchContext,
  ExportSpec,
  ListColumn,
  ListPageAction,
  ListParams,
  ListRequest,
} from './types';
import { QueryForm } from './QueryForm';
import { PATTERNS_NS } from './locales';
import './list-page.css';
import { localMessage } from '../../i18n/messages';

export interface ListPageProps<T> {
  /** Query fields and table columns in one array. */
  columns: ListColumn<T>[];
  /** Loads one page through the api client: `(params) => api.get(Paths.list, { params })`. */
  request: ListRequest<T>;
  /** TanStack Query key prefix, e.g. ['authority', 'groups']; invalidate it after changes. */
  queryKey: readonly unknown[];
  rowKey: (keyof T & string) | ((record: T) => Key);
  /** Title shown above the table. */
  headerTitle?: ReactNode;
  /** Buttons at the table's top right ("新增", ...). */
  toolbar?: ReactNode;
  /** Excel export of the current filter; leave out when the operator lacks the export action. */
  exportSpec?: ExportSpec;
  /** Batch actions over the selected rows (enables row selection). */
  batchActions?: (ctx: BatchContext<T>) => ReactNode;
  /** Fixed parameters sent with every request and export. */
  params?: Record<string, unknown>;
  defaultSort?: { field: string; order: SortOrder };
  defaultPageSize?: number;
  /** Keep filter, page and sort in the URL's search params (default true). */
  syncUrl?: boolean;
  actionRef?: Ref<ListPageAction>;
  expandable?: TableProps<T>['expandable'];
  onRow?: TableProps<T>['onRow'];
  size?: TableProps<T>['size'];
  /** Empty state text when nothing is filtered (default "暂无数据"). */
  emptyText?: ReactNode;
}

const PAGE_SIZES = [10, 20, 50, 100];

/** Width of a truncated (`ellipsis`) column that declares none. */
const ELLIPSIS_WIDTH = 200;

/**
 * How a column is laid out. The table sizes its columns to their content (auto layout) so it fits
 * its container whenever the content can; a declared `width` would be a minimum there, so it
 * only sizes a truncated (`ellipsis`) column, whose text is cut in a box of that width. On mobile
 * widths nothing is fixed: the table scrolls sideways with its data, not only its actions.
 */
function layoutColumn<T>(column: TableColumnType<T>, mobile: boolean): TableColumnType<T> {
  const { width, ellipsis, fixed, render, ...rest } = column;
  const laidOut: TableColumnType<T> = { ...rest, render, fixed: mobile ? undefined : fixed };
  if (!ellipsis) return laidOut;
  const showTitle = typeof ellipsis === 'object' ? ellipsis.showTitle !== false : true;
  return {
    ...laidOut,
    render: (value: unknown, record: T, index: number) => (
      <div
        className="list-page-ellipsis"
        style={{ width: width ?? ELLIPSIS_WIDTH }}
        title={
          showTitle && (typeof value === 'string' || typeof value === 'number')
            ? String(value)
            : undefined
        }
      >
        {(render ? render(value, record, index) : value) as ReactNode}
      </div>
    ),
  };
}

function sameState(a: ListState, b: ListState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The shared list page: query form (collapsed beyond three fields), server paging and sorting,
 * loading / empty / error states, row selection with batch actions, a toolbar, Excel export of
 * the current filter and an imperative reload — all from one column array and one request function.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const {
    columns,
    request,
    queryKey,
    rowKey,
    headerTitle,
    toolbar,
    exportSpec,
    batchActions,
    params: fixedParams,
    defaultSort,
    defaultPageSize,
    syncUrl = true,
    actionRef,
  } = props;
  const { t } = useTranslation(PATTERNS_NS);
  const [form] = Form.useForm();
  const fields = useMemo(() => searchFieldsOf(columns), [columns]);

  // List state lives in the URL (or in local state when syncUrl is off).
  const [urlSearch, setUrlSearch] = useSearchParams();
  const [localSearch, setLocalSearch] = useState(() => new URLSearchParams());
  const search = syncUrl ? urlSearch : localSearch;
  const setSearch = useCallback(
    (next: URLSearchParams) => (syncUrl ? setUrlSearch(next) : setLocalSearch(next)),
    [syncUrl, setUrlSearch],
  );

  const initialFilters = useMemo(() => {
    const initial: Record<string, unknown> = {};
    for (const f of fields)
      if (f.spec.initialValue !== undefined) initial[f.key] = f.spec.initialValue;
    return paramsToFilters(formToParams(fields, initial));
  }, [fields]);

  const defaults = useMemo(
    () => ({
      pageSize: defaultPageSize,
      sortField: defaultSort?.field,
      sortOrder: defaultSort?.order,
    }),
    [defaultPageSize, defaultSort?.field, defaultSort?.order],
  );
  const searchKey = search.toString();
  const state = useMemo(() => {
    const read = readListState(new URLSearchParams(searchKey), fields, defaults);
    // A fresh open (nothing of the list in the URL) starts from the fields' initial values.
    const fresh = ![...new URLSearchParams(searchKey).keys()].some(
      (k) =>
        ['current', 'pageSize', 'sortField', 'sortOrder'].includes(k) ||
        fields.some((f) => f.params.includes(k)),
    );
    return fresh ? { ...read, filters: initialFilters } : read;
  }, [searchKey, fields, defaults, initialFilters]);

  const apply = useCallback(
    (next: ListState) => {
      setSearch(writeListState(new URLSearchParams(searchKey), fields, next, defaults));
    },
    [setSearch, searchKey, fields, defaults],
  );

  // The form follows the state (back/forward, reload, reset).
  useEffect(() => {
    const empty = Object.fromEntries(fields.map((f) => [f.key, undefined]));
    form.setFieldsValue({ ...empty, ...paramsToForm(fields, state.filters) });
  }, [form, fields, state.filters]);

  const requestParams = useMemo(
    () => requestParamsOf(state, fixedParams) as ListParams,
    [state, fixedParams],
  );
  const query = useQuery({
    queryKey: [...queryKey, 'list', requestParams],
    queryFn: () => request(requestParams),
    placeholderData: keepPreviousData,
  });

  // A page past the end (rows deleted meanwhile): go to the last page.
  const page = query.data;
  useEffect(() => {
    if (!page || page.list.length > 0 || page.pagination.total === 0 || state.current === 1) return;
    const last = Math.max(1, Math.ceil(page.pagination.total / state.pageSize));
    if (last < state.current) apply({ ...state, current: last });
  }, [page, state, apply]);

  /* ---------- selection ---------- */
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const clearSelection = useCallback(() => setSelected({ keys: [], rows: [] }), []);

  const reload = useCallback(async () => {
    await query.refetch();
  }, [query]);

  const filterParams = useCallback(() => {
    const { current: _c, pageSize: _p, ...rest } = requestParams;
    return rest;
  }, [requestParams]);

  const onSearch = () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const next: ListState = {
      ...state,
      current: 1,
      filters: paramsToFilters(formToParams(fields, values)),
    };
    if (sameState(next, state)) void query.refetch();
    else apply(next);
  };

  const reset = useCallback(() => {
    clearSelection();
    apply({
      current: 1,
      pageSize: state.pageSize,
      ...(defaultSort ? { sortField: defaultSort.field, sortOrder: defaultSort.order } : {}),
      filters: initialFilters,
    });
  }, [apply, clearSelection, defaultSort, initialFilters, state.pageSize]);

  useImperativeHandle(actionRef, () => ({ reload, reset, filterParams, clearSelection }), [
    reload,
    reset,
    filterParams,
    clearSelection,
  ]);

  /* ---------- export ---------- */
  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  const onExport = async () => {
    if (!exportSpec || exportingRef.current) return;
    exportingRef.current = true;
    setExporting(true);
    try {
      const name = await download(exportSpec.path, {
        params: filterParams(),
        fileName: exportSpec.fileName,
      });
      toast.success(t('exported', { name }));
    } catch {
      // The api client has shown the error.
    } finally {
      exportingRef.current = false;
      setExporting(false);
    }
  };

  /* ---------- table ---------- */
  const mobile = useAppStore((s) => s.device === 'mobile');
  const tableColumns = useMemo(
    () =>
      columns
        .filter((c) => !c.hideInTable)
        .map((c): TableColumnType<T> => {
          const { search: _s, hideInTable: _h, hideInSearch: _hs, sorter: _so, ...rest } = c;
          const sortField = sortFieldOf(c);
          const key = c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex);
          return layoutColumn<T>(
            {
              ...rest,
              key,
              ...(sortField
                ? {
                    sorter: true,
                    sortDirections: ['descend', 'ascend'],
                    sortOrder: state.sortField === sortField ? (state.sortOrder ?? null) : null,
                  }
                : {}),
            } as TableColumnType<T>,
            mobile,
          );
        }),
    [columns, state.sortField, state.sortOrder, mobile],
  );

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const column = columns.find(
        (c) =>
          (c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex)) ===
          s?.columnKey,
      );
      const sortField = column ? sortFieldOf(column) : undefined;
      const order = s?.order ?? undefined;
      apply({
        ...state,
        current: 1,
        sortField: sortField && order ? sortField : undefined,
        sortOrder: sortField && order ? order : undefined,
      });
      return;
    }
    if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? state.pageSize;
      apply({
        ...state,
        pageSize,
        current: pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
      });
    }
  };

  const filtered = Object.keys(state.filters).length > 0;
  const emptyState =
    query.isError && !page ? (
      <Result
        status="error"
        title={t('loadError')}
        subTitle={query.error instanceof Error ? localMessage(query.error.message) : undefined}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
        data-testid="list-error"
      />
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filtered ? t('emptyFiltered') : (props.emptyText ?? t('empty'))}
        data-testid="list-empty"
      />
    );

  const batchContext: BatchContext<T> = {
    selectedRowKeys: selected.keys,
    selectedRows: selected.rows,
    clearSelection,
    reload,
  };

  return (
    <div className="list-page">
      {fields.length > 0 && (
        <QueryForm
          form={form}
          fields={fields}
          loading={query.isFetching}
          onSearch={onSearch}
          onReset={reset}
        />
      )}
      <section className="list-page-table">
        <div className="list-page-toolbar">
          <div className="list-page-title">{headerTitle}</div>
          <Space wrap>
            {toolbar}
            {exportSpec && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void onExport()}
                data-testid="list-export"
              >
                {exporting ? t('exporting') : (exportSpec.label ?? t('export'))}
              </Button>
            )}
            <Tooltip title={t('reload')}>
              <Button
                aria-label={t('reload')}
                icon={<ReloadOutlined />}
                onClick={() => void reload()}
              />
            </Tooltip>
          </Space>
        </div>
        {batchActions && selected.keys.length > 0 && (
          <div className="list-page-batch" role="status">
            <span>{t('selected', { count: selected.keys.length })}</span>
            <Button type="link" size="small" onClick={clearSelection}>
              {t('clearSelection')}
            </Button>
            <Space wrap>{batchActions(batchContext)}</Space>
          </div>
        )}
        <Table<T>
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={page?.list ?? []}
          loading={query.isFetching}
          onChange={onTableChange}
          expandable={props.expandable}
          onRow={props.onRow}
          tableLayout="auto"
          // Desktop: as wide as the container, wider (scrolling) only when the content cannot
          // wrap to fit. Mobile: no wrapping, scroll sideways.
          scroll={{ x: mobile ? 'max-content' : true }}
          size={props.size}
          locale={{ emptyText: query.isPending ? ' ' : emptyState }}
          rowSelection={
            batchActions
              ? {
                  selectedRowKeys: selected.keys,
                  preserveSelectedRowKeys: true,
                  onChange: (keys, rows) => setSelected({ keys, rows }),
                }
              : undefined
          }
          pagination={{
            current: state.current,
            pageSize: state.pageSize,
            total: page?.pagination.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) =>
              t(page?.pagination.totalCapped ? 'totalCapped' : 'total', { total }),
          }}
        />
      </section>
    </div>
  );
}
