import { useMemo, useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { OperateLogPaths, type OperateLogItem } from '@health/contract';
import {
  exportIf,
  ListPage,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchOperateLogs, operateLogKeys, useOperateLogOptions } from './api';
import { OperateLogDetail } from './components/OperateLogDetail';
import { useLocalText } from './localized';
import './locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

/** /sysset_authority/operate_log: who did what, when, from where, with the before/after diff. */
export default function OperateLogPage() {
  const { t } = useTranslation('operateLog');
  const actions = usePageActions(useFrontPath<'operateLogs'>());
  const options = useOperateLogOptions();
  const local = useLocalText();
  const [open, setOpen] = useState<OperateLogItem | null>(null);
  const moduleOptions = useMemo(
    () => (options.data?.modules ?? []).map((o) => ({ value: o.value, label: local(o.label) })),
    [options.data, local],
  );
  const actionOptions = useMemo(
    () => (options.data?.actions ?? []).map((o) => ({ value: o.value, label: local(o.label) })),
    [options.data, local],
  );

  const columns = useMemo<ListColumn<OperateLogItem>[]>(
    () => [
      timeColumn(t('col.time'), {
        search: { type: 'dateTimeRange', names: ['startTime', 'endTime'], order: 4 },
      }),
      {
        title: t('col.operator'),
        dataIndex: 'operatorName',
        width: 120,
        search: { type: 'text', order: 0 },
      },
      {
        title: t('col.module'),
        dataIndex: 'module',
        width: 130,
        render: (_: string, r) => local(r.moduleLabel),
        search: { type: 'select', options: moduleOptions, order: 1 },
      },
      {
        title: t('col.action'),
        dataIndex: 'action',
        width: 110,
        render: (_: string, r) => local(r.actionLabel),
        search: { type: 'select', options: actionOptions, order: 2 },
      },
      {
        title: t('col.target'),
        dataIndex: 'target',
        ellipsis: { showTitle: false },
        width: 200,
        render: (_: unknown, r) => (
          <Tooltip placement="topLeft" title={local(r.target)}>
            {local(r.target)}
          </Tooltip>
        ),
      },
      { title: t('col.ip'), dataIndex: 'ip', width: 130 },
      {
        title: t('col.result'),
        dataIndex: 'result',
        width: 90,
        render: (v: OperateLogItem['result']) => (
          <Tag color={v === 'success' ? 'success' : 'error'}>{t(`result.${v}`)}</Tag>
        ),
        search: {
          type: 'select',
          options: [
            { label: t('result.success'), value: 'success' },
            { label: t('result.failure'), value: 'failure' },
          ],
          order: 3,
        },
      },
      {
        title: t('col.message'),
        dataIndex: 'message',
        width: 220,
        ellipsis: { showTitle: false },
        render: (_: unknown, r) => (
          <Tooltip placement="topLeft" title={local(r.message)}>
            {local(r.message) || '-'}
          </Tooltip>
        ),
      },
      {
        title: t('col.detail'),
        key: 'detail',
        fixed: 'right',
        width: 80,
        render: (_, r) => (
          <Button type="link" size="small" onClick={() => setOpen(r)}>
            {t('view')}
          </Button>
        ),
      },
    ],
    [t, local, moduleOptions, actionOptions],
  );

  return (
    <>
      <ListPage<OperateLogItem>
        columns={columns}
        rowKey="id"
        queryKey={operateLogKeys.all}
        request={fetchOperateLogs}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('title')}
        exportSpec={exportIf(actions, OperateLogPaths.export, t('exportName'))}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
      />
      <OperateLogDetail item={open} onClose={() => setOpen(null)} />
    </>
  );
}
