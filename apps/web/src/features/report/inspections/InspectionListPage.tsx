import { useMemo, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatChinaDate,
  INSPECTION_FLAG_ARROWS,
  InspectionPaths,
  type Inspection,
  type InspectionDetail,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  exportIf,
  ListPage,
  memberColumn,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchInspections, inspectionKeys, useDeleteInspection, useInspectionDetail } from './api';
import { FLAG_COLORS } from './FlagMark';
import { InspectionDialog } from './InspectionDialog';
import { InspectionDrawer } from './InspectionDrawer';
import { INSPECTION_NS } from './locales';
import './inspections.css';

const day = (v: number) => formatChinaDate(v, '{y}-{m}-{d}');

/** How many items are above and below their ranges: "↑ 偏高 2 项 ↓ 偏低 1 项", or 全部正常. */
function FlagSummary({ report }: { report: Inspection }) {
  const { t } = useTranslation(INSPECTION_NS);
  if (report.highCount + report.lowCount === 0)
    return <Typography.Text type="secondary">{t('allNormal')}</Typography.Text>;
  return (
    <span className="inspection-flags" data-testid="inspection-flags">
      {report.highCount > 0 && (
        <span style={{ color: FLAG_COLORS.high, fontWeight: 600 }} data-flag="high">
          {INSPECTION_FLAG_ARROWS.high} {t('highCount', { n: report.highCount })}
        </span>
      )}
      {report.lowCount > 0 && (
        <span style={{ color: FLAG_COLORS.low, fontWeight: 600 }} data-flag="low">
          {INSPECTION_FLAG_ARROWS.low} {t('lowCount', { n: report.lowCount })}
        </span>
      )}
    </span>
  );
}

/** Opens the edit dialog once the report's items and files are loaded. */
function EditDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useInspectionDetail(id);
  return (
    <InspectionDialog
      open={!!detail.data}
      report={detail.data ?? null}
      onClose={onClose}
      onDone={onClose}
    />
  );
}

/**
 * /report_list/inspection: members' lab reports — files (PDF, images) kept private, items with
 * their reference ranges, flags computed by the server (↑ red, ↓ blue).
 */
export default function InspectionListPage() {
  const { t } = useTranslation(INSPECTION_NS);
  const actions = usePageActions(useFrontPath<'reportInspection'>());
  const deleteReport = useDeleteInspection().mutateAsync;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const columns = useMemo<ListColumn<Inspection>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteReport(id);
        toast.success(t('deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      memberColumn<Inspection>(t('member')),
      {
        title: t('memberKeyword'),
        dataIndex: 'phone',
        hideInTable: true,
        search: { type: 'text' },
      },
      {
        title: t('memberName'),
        dataIndex: 'name',
        hideInTable: true,
        search: { type: 'text' },
      },
      {
        title: t('reportTitle'),
        dataIndex: 'title',
        search: { type: 'text' },
        render: (v: string, r) => (
          <Typography.Link translate="no" onClick={() => setViewing(r.id)}>
            {v}
          </Typography.Link>
        ),
      },
      {
        title: t('hospital'),
        dataIndex: 'hospital',
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('abnormal'),
        dataIndex: 'abnormal',
        search: {
          type: 'select',
          options: [
            { value: 'true', label: t('abnormalYes') },
            { value: 'false', label: t('abnormalNo') },
          ],
        },
        render: (_: unknown, r) => <FlagSummary report={r} />,
      },
      { title: t('itemCount'), dataIndex: 'itemCount' },
      { title: t('sampledAt'), dataIndex: 'sampledAt', render: (v: number) => day(v) },
      timeColumn<Inspection>(t('reportedAt'), {
        dataIndex: 'reportedAt',
        width: undefined,
        render: (v: number) => day(v),
      }),
      { title: t('fileCount'), dataIndex: 'fileCount' },
      {
        title: t('createdBy'),
        dataIndex: 'createdBy',
        render: (v: string) => <span translate="no">{v}</span>,
      },
      timeColumn<Inspection>(t('createdAt'), { search: undefined }),
      {
        title: t('op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setViewing(r.id)}>
              {t('detail')}
            </Button>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing(r.id)}>
                {t('edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('deleteConfirm')}
                description={t('deleteHint')}
                danger
                onConfirm={() => remove(r.id)}
              >
                {t('delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteReport, t]);

  return (
    <>
      <ListPage<Inspection>
        columns={columns}
        rowKey="id"
        queryKey={inspectionKeys.all}
        request={fetchInspections}
        defaultSort={{ field: 'reportedAt', order: 'descend' }}
        headerTitle={t('title')}
        exportSpec={exportIf(actions, InspectionPaths.export, `${t('title')}.xlsx`)}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setAdding(true)}>{t('add')}</AddButton>
          )
        }
      />
      <InspectionDialog
        open={adding}
        report={null}
        onClose={() => setAdding(false)}
        onDone={() => setAdding(false)}
      />
      {editing !== null && <EditDialog id={editing} onClose={() => setEditing(null)} />}
      <InspectionDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onEdit={
          actions.includes('edit')
            ? (report: InspectionDetail) => {
                setViewing(null);
                setEditing(report.id);
              }
            : undefined
        }
      />
    </>
  );
}
