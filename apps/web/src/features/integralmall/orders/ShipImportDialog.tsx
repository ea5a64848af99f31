import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, Upload } from 'antd';
import type { TableColumnType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import {
  OrderMessages,
  SHIP_IMPORT_ACCEPT,
  SHIP_IMPORT_MAX_BYTES,
  type ShipBatch,
  type ShipRow,
} from '@health/contract';
import { toast } from '../../../shared/feedback/feedback';
import { useAppStore } from '../../../shared/stores/app';
import { MALL_ORDERS_NS } from './locales';
import {
  downloadShipResult,
  downloadShipTemplate,
  useCheckShipFile,
  useCommitShipFile,
} from './api';

const FILE_PATTERN = /\.(xlsx|csv)$/i;

/** The rows of a checked file with what the dry run (and the commit) said of each. */
function RowsTable({ batch }: { batch: ShipBatch }) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const columns = useMemo<TableColumnType<ShipRow>[]>(
    () => [
      { title: t('ship.rowNo'), dataIndex: 'rowNo', width: 64 },
      {
        title: t('col.orderNo'),
        dataIndex: 'orderNo',
        render: (v: string) => (
          <span translate="no" style={{ whiteSpace: 'nowrap' }}>
            {v || '-'}
          </span>
        ),
      },
      {
        title: t('courierLabel'),
        dataIndex: 'courierText',
        render: (v: string, r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {r.courier ? (
              t(`courier.${r.courier}`, { ns: DEVICE_ENUMS_NS })
            ) : (
              <span translate="no">{v || '-'}</span>
            )}
          </span>
        ),
      },
      {
        title: t('trackingNo'),
        dataIndex: 'trackingNo',
        render: (v: string) => (
          <span translate="no" style={{ whiteSpace: 'nowrap' }}>
            {v || '-'}
          </span>
        ),
      },
      {
        title: t('ship.check'),
        key: 'check',
        render: (_: unknown, r) => (
          <Space direction="vertical" size={2}>
            {r.result === 'shipped' ? (
              <Tag color="green">{t('ship.shipped')}</Tag>
            ) : r.result === 'failed' ? (
              <Tag color="red">{t('ship.failed')}</Tag>
            ) : r.errors.length === 0 ? (
              <Tag color="blue">{t('ship.passed')}</Tag>
            ) : null}
            {r.errors.map((e) => (
              <span key={e} style={{ color: '#cf1322', whiteSpace: 'nowrap' }}>
                {t(`ship.error.${e}`)}
              </span>
            ))}
          </Space>
        ),
      },
    ],
    [t],
  );
  return (
    <Table<ShipRow>
      rowKey="rowNo"
      size="small"
      columns={columns}
      dataSource={batch.rows}
      tableLayout="auto"
      scroll={{ x: mobile ? 'max-content' : true, y: 360 }}
      pagination={batch.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      data-testid="ship-rows"
    />
  );
}

/**
 * 批量发货: upload the courier's file, see every row checked (the dry run), ship the valid ones,
 * download the file with a result column.
 */
export function ShipImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const check = useCheckShipFile();
  const commit = useCommitShipFile();
  const [batch, setBatch] = useState<ShipBatch | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setBatch(null);
    onClose();
  };
  const beforeUpload = (file: File) => {
    if (!FILE_PATTERN.test(file.name)) {
      toast.error(OrderMessages.badType);
      return Upload.LIST_IGNORE;
    }
    if (file.size === 0) {
      toast.error(OrderMessages.emptyFile);
      return Upload.LIST_IGNORE;
    }
    if (file.size > SHIP_IMPORT_MAX_BYTES) {
      toast.error(OrderMessages.tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const download = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(false);
    }
  };
  const onCommit = async () => {
    if (!batch) return;
    try {
      const answer = await commit.mutateAsync(batch.id);
      setBatch(answer.data);
      toast.success(
        t('ship.done', {
          shipped: answer.data.shipped,
          failed: answer.data.failed + answer.data.invalid,
        }),
      );
    } catch {
      // Shown by the api client.
    }
  };
  const committed = batch?.status === 'committed';
  return (
    <Modal
      open={open}
      title={t('ship.title')}
      onCancel={close}
      width={860}
      destroyOnHidden
      footer={
        <Space wrap>
          {batch && (
            <Button
              icon={<DownloadOutlined />}
              loading={busy}
              onClick={() =>
                void download(() => downloadShipResult(batch.id, t('ship.resultName')))
              }
              data-testid="ship-result"
            >
              {t('ship.result')}
            </Button>
          )}
          {batch && <Button onClick={() => setBatch(null)}>{t('ship.again')}</Button>}
          {batch && !committed && (
            <Button
              type="primary"
              disabled={batch.valid === 0}
              loading={commit.isPending}
              onClick={() => void onCommit()}
              data-testid="ship-commit"
            >
              {t('ship.commit', { n: batch.valid })}
            </Button>
          )}
          {(!batch || committed) && <Button onClick={close}>{t('close')}</Button>}
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('ship.howTo')} />
        {!batch ? (
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={busy}
              onClick={() => void download(() => downloadShipTemplate(t('ship.templateName')))}
              data-testid="ship-template"
            >
              {t('ship.template')}
            </Button>
            <Upload.Dragger
              accept={SHIP_IMPORT_ACCEPT}
              showUploadList={false}
              multiple={false}
              disabled={check.isPending}
              beforeUpload={beforeUpload}
              customRequest={({ file, onSuccess, onError }) => {
                check
                  .mutateAsync(file as File)
                  .then((answer) => {
                    onSuccess?.(answer);
                    setBatch(answer);
                  })
                  .catch((e: unknown) => onError?.(e as Error));
              }}
              data-testid="ship-upload"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">
                {check.isPending ? t('ship.checking') : t('ship.drop')}
              </p>
              <p className="ant-upload-hint">{t('ship.dropHint')}</p>
            </Upload.Dragger>
          </>
        ) : (
          <>
            <Alert
              type={committed ? 'success' : batch.invalid > 0 ? 'warning' : 'success'}
              showIcon
              message={
                committed
                  ? t('ship.done', { shipped: batch.shipped, failed: batch.failed + batch.invalid })
                  : t('ship.counts', {
                      total: batch.total,
                      valid: batch.valid,
                      invalid: batch.invalid,
                    })
              }
              data-testid="ship-summary"
            />
            <RowsTable batch={batch} />
          </>
        )}
      </Space>
    </Modal>
  );
}
