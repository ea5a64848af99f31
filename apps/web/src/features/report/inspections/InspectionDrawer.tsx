import { Button, Drawer, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatChinaDate,
  formatDate,
  inspectionRangeText,
  type InspectionDetail,
  type InspectionItem,
} from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { useAppStore } from '../../../shared/stores/app';
import { useInspectionDetail } from './api';
import { FlagMark, FlaggedValue } from './FlagMark';
import { INSPECTION_NS } from './locales';
import { FileList } from './PrivateFiles';

const day = (v: number) => formatChinaDate(v, '{y}-{m}-{d}');

/** A lab report: its facts, its files (images previewed, PDFs opened) and its flagged items. */
export function InspectionDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number | null;
  onClose: () => void;
  /** Offered when the operator may edit. */
  onEdit?: (report: InspectionDetail) => void;
}) {
  const { t } = useTranslation(INSPECTION_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = useInspectionDetail(id);
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 820}
      title={d ? <span translate="no">{d.title}</span> : t('detail')}
      extra={
        d && onEdit ? (
          <Button type="primary" onClick={() => onEdit(d)}>
            {t('edit')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {detail.isLoading || !d ? (
        <Spin />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <DetailView
            column={mobile ? 1 : 2}
            sections={[
              {
                items: [
                  {
                    label: t('member'),
                    value: (
                      <span translate="no">
                        {d.memberName}{' '}
                        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                          {d.memberPhone}
                        </Typography.Text>
                      </span>
                    ),
                  },
                  { label: t('hospital'), value: <span translate="no">{d.hospital}</span> },
                  { label: t('sampledAt'), value: day(d.sampledAt) },
                  { label: t('reportedAt'), value: day(d.reportedAt) },
                  { label: t('createdBy'), value: <span translate="no">{d.createdBy}</span> },
                  { label: t('createdAt'), value: formatDate(d.createdAt) },
                  {
                    label: t('remark'),
                    value: d.remark ? <span translate="no">{d.remark}</span> : null,
                    span: mobile ? 1 : 2,
                  },
                ],
              },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('items')}</Typography.Title>
            <Table<InspectionItem>
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={d.items}
              data-testid="inspection-items"
              columns={[
                {
                  title: t('itemName'),
                  dataIndex: 'name',
                  render: (v: string, r) => (
                    <span translate="no">
                      {v}
                      {r.code && <Typography.Text type="secondary"> {r.code}</Typography.Text>}
                    </span>
                  ),
                },
                {
                  title: t('value'),
                  dataIndex: 'value',
                  render: (v: number, r) => <FlaggedValue value={v} flag={r.flag} />,
                },
                { title: t('unit'), dataIndex: 'unit', render: (v: string) => v || '-' },
                {
                  title: t('range'),
                  key: 'range',
                  render: (_: unknown, r) => inspectionRangeText(r.low, r.high) || '-',
                },
                {
                  title: t('flag'),
                  dataIndex: 'flag',
                  render: (v: InspectionItem['flag']) => <FlagMark flag={v} />,
                },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t('files')}</Typography.Title>
            <FileList files={d.files} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
