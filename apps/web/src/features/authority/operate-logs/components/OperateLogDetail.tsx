import { useMemo, useState } from 'react';
import { Drawer, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type OperateLogItem } from '@health/contract';
import { DetailView } from '../../../../shared/components/detail';
import { diffSnapshots, displaySnapshotValue, isRedacted, type DiffRow } from '../operate-log-diff';
import '../locales';
import './operate-log.css';

function SnapshotValue({ value, present }: { value: unknown; present: boolean }) {
  const { t } = useTranslation('operateLog');
  if (present && isRedacted(value)) {
    return (
      <Space size={4}>
        <code>***</code>
        <Tag>{t('drawer.redacted')}</Tag>
      </Space>
    );
  }
  const text = displaySnapshotValue(value, present);
  if (!present) return <span className="operate-log-absent">-</span>;
  return text.includes('\n') ? (
    <pre className="operate-log-json">{text}</pre>
  ) : (
    <span className="operate-log-value">{text}</span>
  );
}

/** Field-by-field before/after table; changed rows highlighted. */
export function OperateLogDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('operateLog');
  const rows = useMemo(() => diffSnapshots(before, after), [before, after]);
  const [changedOnly, setChangedOnly] = useState(false);
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noChanges')} />;
  }
  const changed = rows.filter((r) => r.changed).length;
  const shown = changedOnly ? rows.filter((r) => r.changed) : rows;
  return (
    <div data-testid="operate-log-diff">
      <div className="operate-log-diff-bar">
        <Typography.Text type="secondary">
          {t('drawer.changedCount', { count: changed })}
        </Typography.Text>
        <Space size={6}>
          <Switch size="small" checked={changedOnly} onChange={setChangedOnly} />
          <span>{t('drawer.changedOnly')}</span>
        </Space>
      </div>
      <Table<DiffRow>
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => r.field || '(value)'}
        dataSource={shown}
        rowClassName={(r) => (r.changed ? 'operate-log-changed' : '')}
        columns={[
          {
            title: t('drawer.field'),
            dataIndex: 'field',
            width: 180,
            render: (field: string) => <code>{field || t('drawer.value')}</code>,
          },
          {
            title: t('drawer.before'),
            key: 'before',
            render: (_, r) => <SnapshotValue value={r.before} present={r.inBefore} />,
          },
          {
            title: t('drawer.after'),
            key: 'after',
            render: (_, r) => <SnapshotValue value={r.after} present={r.inAfter} />,
          },
        ]}
      />
    </div>
  );
}

export function OperateLogDetail({
  item,
  onClose,
}: {
  item: OperateLogItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('operateLog');
  return (
    <Drawer
      open={!!item}
      onClose={onClose}
      title={t('drawer.title')}
      width={760}
      destroyOnHidden
      data-testid="operate-log-drawer"
    >
      {item && (
        <Space direction="vertical" size={24} style={{ width: '100%' }}>
          <DetailView
            column={2}
            sections={[
              {
                title: t('drawer.basic'),
                items: [
                  { label: t('col.time'), value: formatDate(item.createdAt) },
                  { label: t('col.operator'), value: item.operatorName },
                  { label: t('col.module'), value: item.moduleLabel },
                  { label: t('col.action'), value: item.actionLabel },
                  { label: t('col.target'), value: item.target, span: 2 },
                  { label: t('col.ip'), value: item.ip },
                  {
                    label: t('col.result'),
                    value: (
                      <Tag color={item.result === 'success' ? 'success' : 'error'}>
                        {t(`result.${item.result}`)}
                      </Tag>
                    ),
                  },
                  { label: t('col.message'), value: item.message, span: 2 },
                  { label: t('drawer.requestId'), value: item.requestId, span: 2 },
                ],
              },
            ]}
          />
          <section>
            <Typography.Title level={5}>{t('drawer.changes')}</Typography.Title>
            <OperateLogDiff before={item.before} after={item.after} />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
