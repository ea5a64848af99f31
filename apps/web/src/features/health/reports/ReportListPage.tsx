import { useMemo } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PAGES,
  REPORT_KINDS,
  REPORT_STATUSES,
  formatDate,
  type HealthReportRow,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  memberColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { HEALTH_NS } from '../locales';
import { fetchReports, reportKeys, useDeleteReport, usePublishReport } from './api';

const STATUS_COLORS = { draft: 'default', signed: 'blue', published: 'green' } as const;

/**
 * /health_management/report 健康报告: every report version — member, kind, status, who wrote,
 * signed and published it; preview, sign and publish, delete a draft.
 */
export default function ReportListPage() {
  const { t } = useTranslation(HEALTH_NS);
  const navigate = useNavigate();
  const actions = usePageActions(PAGES.healthReports) as readonly string[];
  const publish = usePublishReport();
  const remove = useDeleteReport();

  const columns = useMemo<ListColumn<HealthReportRow>[]>(
    () => [
      memberColumn<HealthReportRow>(t('report.member')),
      { title: t('report.phone'), dataIndex: 'phone', hideInTable: true, search: { type: 'text' } },
      { title: t('report.name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      {
        title: t('report.kindLabel'),
        dataIndex: 'kind',
        search: {
          type: 'select',
          options: REPORT_KINDS.map((v) => ({ value: v, label: t(`report.kind.${v}`) })),
        },
        render: (_: unknown, r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {t(`report.kind.${r.kind}`)}
            {r.version > 1 && (
              <Tag style={{ marginLeft: 8 }}>{t('report.version', { n: r.version })}</Tag>
            )}
          </span>
        ),
      },
      {
        title: t('report.statusLabel'),
        dataIndex: 'status',
        search: {
          type: 'select',
          options: REPORT_STATUSES.map((v) => ({ value: v, label: t(`report.status.${v}`) })),
        },
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Tag color={STATUS_COLORS[r.status]}>{t(`report.status.${r.status}`)}</Tag>
            {r.superseded && <Tag>{t('report.superseded')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('report.conclusion'),
        dataIndex: 'conclusion',
        width: 260,
        ellipsis: true,
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('report.createdBy'),
        dataIndex: 'createdBy',
        render: (_: unknown, r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <span translate="no">{r.createdBy}</span>
            <br />
            <Typography.Text type="secondary">{formatDate(r.createdAt)}</Typography.Text>
          </span>
        ),
      },
      {
        title: t('report.publishedAt'),
        dataIndex: 'publishedAt',
        search: { type: 'dateTimeRange' },
        render: (_: unknown, r) =>
          r.publishedAt ? (
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatDate(r.publishedAt)}
              <br />
              <Typography.Text type="secondary" translate="no">
                {r.publishedBy}
              </Typography.Text>
            </span>
          ) : (
            '-'
          ),
      },
      {
        title: t('report.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`${PAGES.healthReportPreview}?id=${r.id}`)}
            >
              {t('report.preview')}
            </Button>
            {actions.includes('edit') &&
              r.status === 'draft' &&
              (r.kind === 'bp' || (r.kind === 'ecg' && r.measurementId !== null)) && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void navigate(
                      `${r.kind === 'bp' ? PAGES.bpReportCreate : PAGES.ecgReportCreate}?id=${r.id}`,
                    )
                  }
                >
                  {t('report.edit')}
                </Button>
              )}
            {actions.includes('publish') && r.status !== 'published' && (
              <ConfirmAction
                title={t('report.publishConfirm')}
                onConfirm={() =>
                  publish.mutateAsync({ id: r.id }).then(() => toast.success(t('report.published')))
                }
              >
                {t('report.publish')}
              </ConfirmAction>
            )}
            {actions.includes('delete') && r.status === 'draft' && (
              <ConfirmAction
                danger
                title={t('report.deleteConfirm')}
                onConfirm={() =>
                  remove.mutateAsync({ id: r.id }).then(() => toast.success(t('report.deleted')))
                }
              >
                {t('report.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ],
    [actions, navigate, publish, remove, t],
  );

  return (
    <ListPage<HealthReportRow>
      columns={columns}
      rowKey="id"
      queryKey={[...reportKeys.all, 'list']}
      request={fetchReports}
      headerTitle={t('report.title')}
      toolbar={
        actions.includes('add') ? (
          <AddButton onClick={() => void navigate(PAGES.bpReportCreate)}>
            {t('report.newBp')}
          </AddButton>
        ) : undefined
      }
    />
  );
}
