import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Popconfirm,
  Progress,
  Result,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  Upload,
} from 'antd';
import type { TableColumnType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_IMPORT_ACCEPT,
  DEVICE_IMPORT_FIRMWARE_MAX,
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_IMPORT_REMARK_MAX,
  DeviceImportMessages,
  formatDate,
  parseId,
  type DeviceImportBatch,
  type DeviceImportRow,
  type DeviceImportRowError,
  type DeviceImportRowFilter,
  type DeviceImportStatus,
} from '@health/contract';
import { ListPage, type ListColumn } from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { localMessage } from '../../../shared/i18n';
import { useAppStore } from '../../../shared/stores/app';
import { usePageActions } from '../../../shared/stores/permission';
import { useFrontPath } from '../../../shared/routing/route-handle';
import {
  deviceImportKeys,
  downloadErrors,
  downloadTemplate,
  fetchImportBatches,
  useImportBatch,
  useImportRows,
  useRunImport,
  useUploadImport,
} from './api';
import { DEVICE_IMPORT_NS } from './locales';
import './device-import.css';

const STATUS_COLORS: Record<DeviceImportStatus, string> = {
  validating: 'processing',
  validated: 'blue',
  imported: 'green',
  failed: 'red',
};

const FILE_PATTERN = /\.(xlsx|csv)$/i;

function useStatusTag() {
  const { t } = useTranslation(DEVICE_IMPORT_NS);
  return (status: DeviceImportStatus) => (
    <Tag color={STATUS_COLORS[status]} data-testid="import-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** The upload: template, rules, the drop zone. */
function UploadCard({ canAdd, onUploaded }: { canAdd: boolean; onUploaded: (id: number) => void }) {
  const { t } = useTranslation(DEVICE_IMPORT_NS);
  const upload = useUploadImport();
  const [downloading, setDownloading] = useState(false);

  const onTemplate = async () => {
    setDownloading(true);
    try {
      await downloadTemplate(t('templateName'));
    } catch {
      // Shown by the api client.
    } finally {
      setDownloading(false);
    }
  };

  const beforeUpload = (file: File) => {
    // Quick checks for the operator; the server decides by the content.
    if (!FILE_PATTERN.test(file.name)) {
      toast.error(DeviceImportMessages.badType);
      return Upload.LIST_IGNORE;
    }
    if (file.size === 0) {
      toast.error(DeviceImportMessages.emptyFile);
      return Upload.LIST_IGNORE;
    }
    if (file.size > DEVICE_IMPORT_MAX_BYTES) {
      toast.error(DeviceImportMessages.tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <section className="device-import-card">
      <div className="device-import-head">
        <h2 className="device-import-title">{t('title')}</h2>
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void onTemplate()}
          data-testid="import-template"
        >
          {t('template')}
        </Button>
      </div>
      <Space direction="vertical" size={12} className="device-import-block">
        <Alert type="info" showIcon message={t('howTo')} />
        <Alert type="warning" showIcon message={t('secretNote')} />
        {canAdd ? (
          <Upload.Dragger
            accept={DEVICE_IMPORT_ACCEPT}
            showUploadList={false}
            multiple={false}
            disabled={upload.isPending}
            beforeUpload={beforeUpload}
            customRequest={({ file, onSuccess, onError }) => {
              upload
                .mutateAsync(file as File)
                .then((batch) => {
                  onSuccess?.(batch);
                  onUploaded(batch.id);
                })
                .catch((e: unknown) => onError?.(e as Error));
            }}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{upload.isPending ? t('uploading') : t('drop')}</p>
            <p className="ant-upload-hint">{t('dropHint')}</p>
          </Upload.Dragger>
        ) : (
          <Alert type="info" message={t('noAdd')} />
        )}
      </Space>
    </section>
  );
}

/** The Chinese or English of a row's error. */
function useErrorText() {
  const { t, i18n } = useTranslation(DEVICE_IMPORT_NS);
  const separator = i18n.language === 'en-US' ? ', ' : '、';
  return (e: DeviceImportRowError) =>
    t(`error.${e.code}`, {
      rows: (e.rows ?? []).join(separator),
      max: e.code === 'firmwareTooLong' ? DEVICE_IMPORT_FIRMWARE_MAX : DEVICE_IMPORT_REMARK_MAX,
    });
}

/** The batch's rows with their errors, by row number, filtered. */
function RowsTable({ batch }: { batch: DeviceImportBatch }) {
  const { t } = useTranslation(DEVICE_IMPORT_NS);
  const errorText = useErrorText();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [filter, setFilter] = useState<DeviceImportRowFilter>(
    batch.invalid > 0 ? 'invalid' : 'all',
  );
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const version = `${batch.status}:${batch.valid}:${batch.imported}:${batch.skipped}`;
  const rows = useImportRows(batch.id, { filter, ...page }, version, batch.status !== 'validating');
  const showResult = batch.status === 'imported';

  const columns = useMemo<TableColumnType<DeviceImportRow>[]>(
    () => [
      { title: t('rows.rowNo'), dataIndex: 'rowNo', width: 70 },
      {
        title: t('rows.serial'),
        dataIndex: 'serial',
        render: (v: string) => (
          <span translate="no" className="device-import-nowrap">
            {v || '-'}
          </span>
        ),
      },
      {
        title: t('rows.model'),
        dataIndex: 'modelName',
        render: (v: string) => <span translate="no">{v || '-'}</span>,
      },
      {
        title: t('rows.firmware'),
        dataIndex: 'firmware',
        render: (v: string) => <span className="device-import-nowrap">{v || '-'}</span>,
      },
      {
        title: t('rows.stockDate'),
        dataIndex: 'stockDate',
        render: (v: string) => <span className="device-import-nowrap">{v || '-'}</span>,
      },
      {
        title: t('rows.remark'),
        dataIndex: 'remark',
        render: (v: string) => (
          <div className="device-import-remark" title={v}>
            {v || '-'}
          </div>
        ),
      },
      {
        title: t('rows.check'),
        key: 'check',
        render: (_: unknown, r) =>
          r.valid ? (
            <Tag color="green">{t('rows.passed')}</Tag>
          ) : (
            <ul className="device-import-errors" data-testid="import-row-errors">
              {r.errors.map((e) => (
                <li key={e.code}>{errorText(e)}</li>
              ))}
            </ul>
          ),
      },
      ...(showResult
        ? [
            {
              title: t('rows.result'),
              key: 'result',
              render: (_: unknown, r: DeviceImportRow) =>
                r.result === 'imported' ? (
                  <Tag color="green">{t('rows.imported')}</Tag>
                ) : r.result === 'skipped' ? (
                  <Space direction="vertical" size={2}>
                    <Tag color="orange">{t('rows.skipped')}</Tag>
                    {r.skipReason && (
                      <span className="device-import-skip">{t(`skip.${r.skipReason}`)}</span>
                    )}
                  </Space>
                ) : (
                  '-'
                ),
            },
          ]
        : []),
    ],
    [t, errorText, showResult],
  );

  const counts: Record<DeviceImportRowFilter, number> = {
    all: batch.total,
    valid: batch.valid,
    invalid: batch.invalid,
  };

  return (
    <div className="device-import-rows">
      <Segmented<DeviceImportRowFilter>
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        options={(['all', 'valid', 'invalid'] as const).map((f) => ({
          value: f,
          label: `${t(`rows.${f}`)} ${counts[f]}`,
        }))}
        data-testid="import-row-filter"
      />
      <Table<DeviceImportRow>
        rowKey="rowNo"
        size="small"
        columns={columns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        tableLayout="auto"
        scroll={{ x: mobile ? 'max-content' : true }}
        locale={{ emptyText: rows.isPending ? ' ' : t('rows.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: rows.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('rows.total', { total }),
          onChange: (current, pageSize) =>
            setPage((p) => ({ current: pageSize !== p.pageSize ? 1 : current, pageSize })),
        }}
        data-testid="import-rows"
      />
    </div>
  );
}

/** One batch: progress while validated, counts, import, errors file, rows. */
function BatchPanel({ id, canAdd }: { id: number; canAdd: boolean }) {
  const { t } = useTranslation(DEVICE_IMPORT_NS);
  const statusTag = useStatusTag();
  const { data: batch, isError } = useImportBatch(id);
  const runImport = useRunImport();
  const [downloading, setDownloading] = useState(false);

  if (!batch) {
    return (
      <section className="device-import-card">
        {isError ? <Result status="warning" title={t('batch.title')} /> : <Skeleton active />}
      </section>
    );
  }

  const onImport = async () => {
    try {
      const { msg } = await runImport.mutateAsync(batch.id);
      toast.success(msg);
    } catch {
      // Shown by the api client.
    }
  };
  const onErrors = async () => {
    setDownloading(true);
    try {
      await downloadErrors(batch.id, t('batch.errorsFileName'));
    } catch {
      // Shown by the api client.
    } finally {
      setDownloading(false);
    }
  };

  const ready = batch.status === 'validated' || batch.status === 'imported';
  const canImport = canAdd && batch.status === 'validated' && batch.valid > 0;
  const hasErrorRows = ready && (batch.invalid > 0 || batch.skipped > 0);

  return (
    <section className="device-import-card" data-testid="import-batch">
      <div className="device-import-head">
        <div className="device-import-file">
          <span className="device-import-title" translate="no">
            {batch.fileName}
          </span>
          {statusTag(batch.status)}
        </div>
        <span className="device-import-meta">
          <span>
            {t('batch.operatorIs')}
            <span translate="no">{batch.operatorName}</span>
          </span>
          <span>
            {t('batch.uploadedAtIs')}
            {formatDate(batch.createdAt)}
          </span>
        </span>
      </div>

      {batch.status === 'validating' && (
        <div className="device-import-progress" data-testid="import-progress">
          <Progress percent={batch.progress} status="active" />
          <span>{t('batch.validating', { processed: batch.processed.toLocaleString() })}</span>
        </div>
      )}
      {batch.status === 'failed' && (
        <Alert type="error" showIcon message={localMessage(batch.message)} />
      )}
      {ready && (
        <Space direction="vertical" size={12} className="device-import-block">
          <dl className="device-import-counts" data-testid="import-counts">
            <div>
              <dt>{t('batch.total')}</dt>
              <dd>{batch.total.toLocaleString()}</dd>
            </div>
            <div className="is-valid">
              <dt>{t('batch.valid')}</dt>
              <dd>{batch.valid.toLocaleString()}</dd>
            </div>
            <div className="is-invalid">
              <dt>{t('batch.invalid')}</dt>
              <dd>{batch.invalid.toLocaleString()}</dd>
            </div>
            {batch.status === 'imported' && (
              <>
                <div className="is-valid">
                  <dt>{t('batch.imported')}</dt>
                  <dd>{batch.imported.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>{t('batch.skipped')}</dt>
                  <dd>{batch.skipped.toLocaleString()}</dd>
                </div>
              </>
            )}
          </dl>
          {batch.status === 'imported' ? (
            <Alert
              type="success"
              showIcon
              message={t('batch.done', { imported: batch.imported, skipped: batch.skipped })}
              data-testid="import-done"
            />
          ) : batch.valid === 0 ? (
            <Alert type="error" showIcon message={t('batch.allInvalid')} />
          ) : batch.invalid > 0 ? (
            <Alert type="warning" showIcon message={t('batch.someInvalid')} />
          ) : null}
          <Space wrap>
            {canImport && (
              <Popconfirm
                title={t('batch.importTitle')}
                description={
                  <div className="device-import-confirm">
                    {t('batch.importDesc', { count: batch.valid })}
                  </div>
                }
                okText={t('batch.importOk')}
                cancelText={t('batch.cancel')}
                onConfirm={() => onImport()}
              >
                <Button type="primary" loading={runImport.isPending} data-testid="import-run">
                  {t('batch.import', { count: batch.valid })}
                </Button>
              </Popconfirm>
            )}
            {hasErrorRows && (
              <Button
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void onErrors()}
                data-testid="import-errors-file"
              >
                {t('batch.errorsFile')}
              </Button>
            )}
          </Space>
          <RowsTable key={`${batch.id}:${batch.status}`} batch={batch} />
        </Space>
      )}
    </section>
  );
}

/** /device_list/insert: upload a file of devices, see every row's errors, import the valid rows. */
export default function DeviceImportPage() {
  const { t } = useTranslation(DEVICE_IMPORT_NS);
  const statusTag = useStatusTag();
  const canAdd = usePageActions(useFrontPath<'deviceImport'>()).includes('add');
  const [search, setSearch] = useSearchParams();
  const batchId = parseId(search.get('batch') ?? '') ?? null;

  const show = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('batch', String(id));
    setSearch(next);
  };

  const columns = useMemo<ListColumn<DeviceImportBatch>[]>(
    () => [
      {
        title: t('history.file'),
        dataIndex: 'fileName',
        ellipsis: true,
        width: 220,
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('history.status'),
        dataIndex: 'status',
        render: (v: DeviceImportStatus) => statusTag(v),
      },
      {
        title: t('history.rows'),
        dataIndex: 'total',
        // While validated: the rows read so far.
        render: (v: number, r) => (r.status === 'validating' ? r.processed : v),
      },
      { title: t('batch.valid'), dataIndex: 'valid' },
      { title: t('batch.invalid'), dataIndex: 'invalid' },
      { title: t('batch.imported'), dataIndex: 'imported' },
      {
        title: t('batch.operator'),
        dataIndex: 'operatorName',
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('batch.uploadedAt'),
        dataIndex: 'createdAt',
        render: (v: number) => formatDate(v),
      },
      {
        title: t('history.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) =>
          r.id === batchId ? (
            <Tag>{t('history.viewing')}</Tag>
          ) : (
            <Button type="link" size="small" onClick={() => show(r.id)}>
              {t('history.view')}
            </Button>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, batchId, search],
  );

  return (
    <div className="device-import">
      <UploadCard canAdd={canAdd} onUploaded={show} />
      {batchId !== null && <BatchPanel key={batchId} id={batchId} canAdd={canAdd} />}
      <ListPage<DeviceImportBatch>
        columns={columns}
        rowKey="id"
        queryKey={deviceImportKeys.all}
        request={fetchImportBatches}
        headerTitle={t('history.title')}
        syncUrl={false}
        defaultPageSize={10}
      />
    </div>
  );
}
