import { useState } from 'react';
import { Drawer, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type OperateLogChange, type OperateLogItem } from '@health/contract';
import { DetailView } from '../../../../shared/components/detail';
import { useLocalText } from '../localized';
import '../locales';
import './operate-log.css';

/** One side of a field: "-" when the snapshot has no such field. */
function ChangeValue({ value }: { value: OperateLogChange['before'] }) {
  const local = useLocalText();
  if (value === null) return <span className="operate-log-absent">-</span>;
  return <span className="operate-log-value">{local(value)}</span>;
}

/** Field-by-field before/after table, by the fields' labels; changed rows highlighted. */
export function OperateLogDiff({ changes }: { changes: OperateLogChange[] }) {
  const { t } = useTranslation('operateLog');
  const local = useLocalText();
  const [changedOnly, setChangedOnly] = useState(false);
  if (changes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noChanges')} />;
  }
  const changed = changes.filter((r) => r.changed).length;
  const shown = changedOnly ? changes.filter((r) => r.changed) : changes;
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
      <Table<OperateLogChange>
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => r.field || '(value)'}
        dataSource={shown}
        rowClassName={(r) => (r.changed ? 'operate-log-changed' : '')}
        columns={[
          {
            title: t('drawer.field'),
            key: 'field',
            width: 200,
            render: (_, r) => local(r.label),
          },
          {
            title: t('drawer.before'),
            key: 'before',
            render: (_, r) => <ChangeValue value={r.before} />,
          },
          {
            title: t('drawer.after'),
            key: 'after',
            render: (_, r) => <ChangeValue value={r.after} />,
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
  const local = useLocalText();
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
                  { label: t('col.module'), value: local(item.moduleLabel) },
                  { label: t('col.action'), value: local(item.actionLabel) },
                  { label: t('col.target'), value: local(item.target), span: 2 },
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
            <OperateLogDiff changes={item.changes} />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
