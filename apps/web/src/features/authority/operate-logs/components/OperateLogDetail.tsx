import { useState } from 'react';
import {
  Drawer,
  Grid,
  Empty,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
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
  const narrow = !Grid.useBreakpoint().sm;
  if (changes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noChanges')} />;
  }
  // An add, a delete or a reveal has one side only: its fields and values, without a diff.
  const hasBefore = changes.some((r) => r.before !== null);
  const hasAfter = changes.some((r) => r.after !== null);
  const twoSided = hasBefore && hasAfter;
  const changed = changes.filter((r) => r.changed).length;
  const shown = twoSided && changedOnly ? changes.filter((r) => r.changed) : changes;
  const fieldColumn: TableColumnsType<OperateLogChange>[number] = {
    title: t('drawer.field'),
    key: 'field',
    width: narrow ? 96 : 200,
    render: (_, r) => local(r.label),
  };
  const columns: TableColumnsType<OperateLogChange> = twoSided
    ? [
        fieldColumn,
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
      ]
    : [
        fieldColumn,
        {
          title: t('drawer.value'),
          key: 'value',
          render: (_, r) => <ChangeValue value={hasAfter ? r.after : r.before} />,
        },
      ];
  return (
    <div data-testid="operate-log-diff">
      {twoSided && (
        <div className="operate-log-diff-bar">
          <Typography.Text type="secondary">
            {t('drawer.changedCount', { count: changed })}
          </Typography.Text>
          <Space size={6}>
            <Switch size="small" checked={changedOnly} onChange={setChangedOnly} />
            <span>{t('drawer.changedOnly')}</span>
          </Space>
        </div>
      )}
      <Table<OperateLogChange>
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => r.field || '(value)'}
        dataSource={shown}
        rowClassName={(r) => (twoSided && r.changed ? 'operate-log-changed' : '')}
        columns={columns}
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
  // A phone reads the basics one per line.
  const narrow = !Grid.useBreakpoint().sm;
  const basicColumns = narrow ? 1 : 2;
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
            column={basicColumns}
            sections={[
              {
                title: t('drawer.basic'),
                items: [
                  { label: t('col.time'), value: formatDate(item.createdAt) },
                  { label: t('col.operator'), value: item.operatorName },
                  { label: t('col.module'), value: local(item.moduleLabel) },
                  { label: t('col.action'), value: local(item.actionLabel) },
                  { label: t('col.target'), value: local(item.target), span: basicColumns },
                  { label: t('col.ip'), value: item.ip },
                  {
                    label: t('col.result'),
                    value: (
                      <Tag color={item.result === 'success' ? 'success' : 'error'}>
                        {t(`result.${item.result}`)}
                      </Tag>
                    ),
                  },
                  { label: t('col.message'), value: local(item.message), span: basicColumns },
                  { label: t('drawer.requestId'), value: item.requestId, span: basicColumns },
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
