import { useMemo, useRef, useState } from 'react';
import {
  Button,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_CODE_EXPIRY_DAYS_DEFAULT,
  DEVICE_CODE_STATUSES,
  DeviceCodePaths,
  deviceCodeGenerateRequestSchema,
  formatDate,
  groupDeviceCode,
  type DeviceCode,
  type DeviceCodeBatch,
  type DeviceCodeStatus,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  exportIf,
  timeColumn,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { FormDialog } from '../../../shared/components/form-dialog';
import { toast } from '../../../shared/feedback/feedback';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { codeKeys, fetchCodes, printCodes, useGenerateCodes, useVoidCodes } from './api';
import { useDeviceModelOptions } from '../models/api';
import { DEVICE_CODES_NS } from './locales';
import './codes.css';

const STATUS_COLORS: Record<DeviceCodeStatus, string> = {
  unused: 'blue',
  used: 'green',
  expired: 'orange',
  void: 'default',
};

type Selection = { ids?: number[]; batchNo?: string };

function GenerateDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (batch: DeviceCodeBatch) => void;
}) {
  const { t } = useTranslation(DEVICE_CODES_NS);
  const models = useDeviceModelOptions();
  const generate = useGenerateCodes();
  return (
    <FormDialog
      title={t('generateTitle')}
      open={open}
      onClose={onClose}
      okText={t('generate')}
      cancelText={t('cancel')}
      name="deviceCodeGenerate"
      schema={deviceCodeGenerateRequestSchema}
      initialValues={{ count: 100, expiresInDays: DEVICE_CODE_EXPIRY_DAYS_DEFAULT }}
      mutation={generate}
      onDone={(batch) => onDone(batch)}
      intro={<Typography.Paragraph type="secondary">{t('generateIntro')}</Typography.Paragraph>}
    >
      <Form.Item name="modelId" label={t('model')} required>
        <Select
          showSearch
          optionFilterProp="label"
          loading={models.isLoading}
          options={(models.data ?? []).map((m) => ({ label: m.name, value: m.id }))}
        />
      </Form.Item>
      <Form.Item name="count" label={t('count')} extra={t('countHint')} required>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expiresInDays" label={t('expiresInDays')} extra={t('expiresHint')} required>
        <InputNumber precision={0} style={{ width: '100%' }} addonAfter={t('days')} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * /device_list/detail 码管理: binding codes by batch — generate a batch for a model, print its QR
 * labels (PDF), see which codes were used, by whom, when and for which device, void unused ones
 * (one, a selection, a batch), export the list (phones masked).
 */
export default function CodePage() {
  const { t } = useTranslation(DEVICE_CODES_NS);
  const actions = usePageActions(useFrontPath<'deviceCodes'>());
  const canAdd = actions.includes('add');
  const canVoid = actions.includes('void');
  const canPrint = actions.includes('export');
  const models = useDeviceModelOptions();
  const voidCodes = useVoidCodes().mutateAsync;
  const listRef = useRef<ListPageAction>(null);
  const [, setSearch] = useSearchParams();
  const [generating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState<DeviceCodeBatch | null>(null);
  const [printing, setPrinting] = useState(false);

  const columns = useMemo<ListColumn<DeviceCode>[]>(() => {
    const print = async (selection: Selection) => {
      setPrinting(true);
      try {
        const name = await printCodes(selection);
        toast.success(t('printed', { name }));
      } catch {
        // Shown by the api client.
      } finally {
        setPrinting(false);
      }
    };
    const voidOne = async (id: number) => {
      try {
        const { voided } = await voidCodes({ ids: [id] });
        toast.success(t('voided', { count: voided }));
      } catch {
        // Shown by the api client.
      }
    };
    return [
      {
        title: t('code'),
        dataIndex: 'code',
        search: { type: 'text' },
        render: (v: string) => (
          <Typography.Text
            className="device-code"
            translate="no"
            copyable={{ text: v, tooltips: [t('copy'), t('copy')] }}
          >
            {groupDeviceCode(v)}
          </Typography.Text>
        ),
      },
      {
        title: t('batchNo'),
        dataIndex: 'batchNo',
        search: { type: 'text' },
        render: (v: string) => (
          <span className="device-code-nowrap" translate="no">
            {v}
          </span>
        ),
      },
      {
        title: t('model'),
        dataIndex: 'modelName',
        key: 'modelId',
        search: {
          type: 'select',
          name: 'modelId',
          options: (models.data ?? []).map((m) => ({ label: m.name, value: m.id })),
        },
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('status'),
        dataIndex: 'status',
        search: {
          type: 'select',
          options: DEVICE_CODE_STATUSES.map((s) => ({ label: t(`statuses.${s}`), value: s })),
        },
        render: (v: DeviceCodeStatus) => <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v}`)}</Tag>,
      },
      {
        title: t('expiresAt'),
        dataIndex: 'expiresAt',
        sorter: true,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('usedBy'),
        dataIndex: 'usedMemberName',
        key: 'phone',
        search: {
          type: 'text',
          name: 'phone',
          label: t('usedByPhone'),
          placeholder: t('phonePlaceholder'),
        },
        render: (_: unknown, r) =>
          r.usedMemberId ? (
            <span className="device-code-member">
              <span translate="no">{r.usedMemberName}</span>
              <Typography.Text type="secondary" className="device-code-nowrap" translate="no">
                {r.usedMemberPhone}
              </Typography.Text>
            </span>
          ) : (
            '-'
          ),
      },
      {
        title: t('usedDevice'),
        dataIndex: 'usedDeviceSerial',
        key: 'serial',
        search: { type: 'text', name: 'serial', placeholder: t('serialPlaceholder') },
        render: (v: string | null) =>
          v ? (
            <span className="device-code-nowrap" translate="no">
              {v}
            </span>
          ) : (
            '-'
          ),
      },
      {
        title: t('usedAt'),
        dataIndex: 'usedAt',
        sorter: true,
        render: (v: number | null) => (v ? formatDate(v) : '-'),
      },
      timeColumn<DeviceCode>(t('createdAt'), { search: undefined }),
      {
        title: t('createdBy'),
        dataIndex: 'createdBy',
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0} wrap>
            {canPrint && r.status === 'unused' && (
              <Button type="link" size="small" onClick={() => void print({ batchNo: r.batchNo })}>
                {t('printThisBatch')}
              </Button>
            )}
            {canVoid && r.status !== 'used' && r.status !== 'void' && (
              <ConfirmAction
                danger
                dangerOk
                title={t('voidConfirm')}
                description={t('voidDesc')}
                okText={t('void')}
                cancelText={t('cancel')}
                onConfirm={() => voidOne(r.id)}
              >
                {t('void')}
              </ConfirmAction>
            )}
            {!(canPrint && r.status === 'unused') &&
              !(canVoid && r.status !== 'used' && r.status !== 'void') &&
              '-'}
          </Space>
        ),
      },
    ];
  }, [t, models.data, canPrint, canVoid, voidCodes]);

  const showBatch = (batchNo: string) => {
    setGenerated(null);
    setSearch(new URLSearchParams({ batchNo }));
  };

  const printBatch = async (batchNo: string) => {
    setPrinting(true);
    try {
      const name = await printCodes({ batchNo });
      toast.success(t('printed', { name }));
    } catch {
      // Shown by the api client.
    } finally {
      setPrinting(false);
    }
  };

  const voidBatch = async (batchNo: string) => {
    try {
      const { voided } = await voidCodes({ batchNo });
      toast.success(t('voided', { count: voided }));
      setGenerated(null);
    } catch {
      // Shown by the api client.
    }
  };

  return (
    <>
      <ListPage<DeviceCode>
        actionRef={listRef}
        columns={columns}
        rowKey="id"
        queryKey={codeKeys.all}
        request={fetchCodes}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('title')}
        toolbar={
          canAdd && <AddButton onClick={() => setGenerating(true)}>{t('generate')}</AddButton>
        }
        exportSpec={exportIf(actions, DeviceCodePaths.export, t('exportFile'))}
        batchActions={
          canPrint || canVoid
            ? ({ selectedRows, clearSelection }) => {
                const ids = selectedRows.map((r) => r.id);
                return (
                  <>
                    {canPrint && (
                      <Button
                        size="small"
                        icon={<PrinterOutlined />}
                        loading={printing}
                        title={t('printHint')}
                        onClick={async () => {
                          setPrinting(true);
                          try {
                            const name = await printCodes({ ids });
                            toast.success(t('printed', { name }));
                          } catch {
                            // Shown by the api client.
                          } finally {
                            setPrinting(false);
                          }
                        }}
                      >
                        {t('printSelected')}
                      </Button>
                    )}
                    {canVoid && (
                      <ConfirmAction
                        danger
                        dangerOk
                        title={t('voidSelectedConfirm', { count: ids.length })}
                        description={t('voidDesc')}
                        okText={t('void')}
                        cancelText={t('cancel')}
                        onConfirm={async () => {
                          try {
                            const { voided } = await voidCodes({ ids });
                            toast.success(t('voided', { count: voided }));
                            clearSelection();
                          } catch {
                            // Shown by the api client.
                          }
                        }}
                      >
                        {t('voidSelected')}
                      </ConfirmAction>
                    )}
                  </>
                );
              }
            : undefined
        }
      />
      <GenerateDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={(batch) => {
          setGenerating(false);
          setGenerated(batch);
        }}
      />
      <Modal
        open={generated !== null}
        onCancel={() => setGenerated(null)}
        footer={null}
        destroyOnHidden
        title={null}
      >
        {generated && (
          <Result
            status="success"
            title={t('generated', { count: generated.count })}
            subTitle={t('generatedBatch', {
              batchNo: generated.batchNo,
              expiresAt: formatDate(generated.expiresAt, '{y}-{m}-{d}'),
            })}
            extra={
              <Space wrap style={{ justifyContent: 'center' }}>
                {canPrint && (
                  <Button
                    type="primary"
                    icon={<PrinterOutlined />}
                    loading={printing}
                    onClick={() => void printBatch(generated.batchNo)}
                    data-testid="print-new-batch"
                  >
                    {t('printBatch')}
                  </Button>
                )}
                <Button onClick={() => showBatch(generated.batchNo)}>{t('showBatch')}</Button>
                {canVoid && (
                  <Popconfirm
                    title={t('voidBatchConfirm', { batchNo: generated.batchNo })}
                    description={t('voidDesc')}
                    okText={t('void')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('cancel')}
                    onConfirm={() => voidBatch(generated.batchNo)}
                  >
                    <Button danger>{t('voidBatch')}</Button>
                  </Popconfirm>
                )}
              </Space>
            }
          />
        )}
      </Modal>
    </>
  );
}
