import { useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Modal, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  MEASUREMENT_TYPES,
  PAGES,
  PrewarningRulePaths,
  formatDate,
  type MeasurementType,
  type RejudgeResult,
  type RuleVersion,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { settingsKeys } from '../../../shared/components/settings-form';
import { useInvalidatingMutation } from '../../../shared/api/entity';
import { toast } from '../../../shared/feedback/feedback';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { useHasAction } from '../../../shared/stores/permission';
import { SYSTEM_NS } from '../locales';

// The report lists read what a re-judge changes: their prefix is refreshed with the versions.
const VERSIONS_KEY = settingsKeys.dependents('prewarning_set');
const READINGS_KEY = ['report', 'measurements'] as const;

/**
 * 预警配置's versions of the rules (each save is one; every reading names the one that judged it)
 * and the explicit "re-judge this period" (a dry run first).
 */
export function RuleVersions() {
  const { t } = useTranslation(SYSTEM_NS);
  const canRejudge = useHasAction(PAGES.prewarningSet, 'rejudge');
  const [open, setOpen] = useState(false);
  const versions = useQuery({
    queryKey: VERSIONS_KEY,
    queryFn: () => api.get<RuleVersion[]>(PrewarningRulePaths.versions),
  });
  const current = versions.data?.find((v) => v.current);
  return (
    <Card
      title={t('warn.versions.title')}
      size="small"
      style={{ marginTop: 16 }}
      extra={
        canRejudge && (
          <Button onClick={() => setOpen(true)} disabled={!current}>
            {t('warn.versions.rejudge')}
          </Button>
        )
      }
    >
      <Table<RuleVersion>
        rowKey="version"
        size="small"
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('warn.versions.number'),
            dataIndex: 'number',
            render: (n: number, r) => (
              <Space size={4}>
                <Tag>{`v${n}`}</Tag>
                {r.current && <Tag color="blue">{t('warn.versions.current')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('warn.versions.savedAt'),
            dataIndex: 'savedAt',
            render: (v: number | null) =>
              v === null ? t('warn.versions.defaults') : formatDate(v),
          },
          {
            title: t('warn.versions.savedBy'),
            dataIndex: 'savedBy',
            render: (v: string | null) => <span translate="no">{v ?? '-'}</span>,
          },
          { title: t('warn.versions.readings'), dataIndex: 'readings' },
        ]}
      />
      {current && (
        <RejudgeDialog open={open} ruleNumber={current.number} onClose={() => setOpen(false)} />
      )}
    </Card>
  );
}

interface RejudgeForm {
  types: MeasurementType[];
  period: [Dayjs, Dayjs] | null;
}

function RejudgeDialog({
  open,
  ruleNumber,
  onClose,
}: {
  open: boolean;
  ruleNumber: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(SYSTEM_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const [form] = Form.useForm<RejudgeForm>();
  const [preview, setPreview] = useState<RejudgeResult | null>(null);
  const rejudge = useInvalidatingMutation(
    (body: { types: MeasurementType[]; startTime: number; endTime: number; dryRun: boolean }) =>
      api.post<RejudgeResult>(PrewarningRulePaths.rejudge, body, { bodyType: 'json' }),
    [VERSIONS_KEY, READINGS_KEY],
  );
  const run = async (dryRun: boolean) => {
    const values = await form.validateFields();
    const [from, to] = values.period!;
    try {
      const result = await rejudge.mutateAsync({
        types: values.types,
        startTime: from.startOf('day').valueOf(),
        endTime: to.endOf('day').valueOf(),
        dryRun,
      });
      if (dryRun) setPreview(result);
      else {
        toast.success(t('warn.versions.done', result));
        setPreview(null);
        onClose();
      }
    } catch {
      // Toasted by the api client.
    }
  };
  return (
    <Modal
      open={open}
      title={t('warn.versions.rejudgeTitle')}
      onCancel={() => {
        setPreview(null);
        onClose();
      }}
      destroyOnHidden
      footer={[
        <Button key="dry" loading={rejudge.isPending} onClick={() => void run(true)}>
          {t('warn.versions.dryRun')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger
          disabled={!preview || preview.changed === 0}
          loading={rejudge.isPending}
          onClick={() => void run(false)}
        >
          {t('warn.versions.confirm')}
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        message={t('warn.versions.rejudgeHint', { n: ruleNumber })}
        style={{ marginBottom: 16 }}
      />
      <Form<RejudgeForm>
        form={form}
        layout="vertical"
        name="rejudge"
        initialValues={{ types: ['bp', 'bg'], period: null }}
        onValuesChange={() => setPreview(null)}
      >
        <Form.Item
          name="types"
          label={t('warn.versions.types')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('warn.versions.typesRequired') },
          ]}
        >
          <Checkbox.Group
            options={MEASUREMENT_TYPES.map((v) => ({
              value: v,
              label: te(`measurementType.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('warn.versions.period')}
          rules={[{ required: true, message: t('warn.versions.periodRequired') }]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {preview && (
        <Alert
          type={preview.changed > 0 ? 'info' : 'success'}
          showIcon
          message={t('warn.versions.result', preview)}
          data-testid="rejudge-preview"
        />
      )}
    </Modal>
  );
}
