import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRADE_CHANGE_REASONS, type GradeLogItem, GradePaths } from '@health/contract';
import {
  timeColumn,
  exportIf,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchGradeLog, gradeKeys, useGradeOptions } from './api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { memberColumns } from '../member-columns';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { MEMBER_ENUMS_NS } from '../enum-locales';

/** /member_manage/grade_log: who moved from which grade to which, why and when. */
export default function GradeLogPage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'gradeLogs'>());
  const grades = useGradeOptions();

  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const columns = useMemo<ListColumn<GradeLogItem>[]>(() => {
    const gradeOptions = (grades.data ?? []).map((g) => ({ label: g.name, value: String(g.id) }));
    return [
      ...memberColumns<GradeLogItem>(t),
      {
        title: t('gradeLog.fromGrade'),
        dataIndex: 'fromGradeName',
        width: 120,
        search: { type: 'select', name: 'fromGradeId', options: gradeOptions },
        render: (v: string | null) => v ?? '-',
      },
      {
        title: t('gradeLog.toGrade'),
        dataIndex: 'toGradeName',
        width: 120,
        search: { type: 'select', name: 'toGradeId', options: gradeOptions },
        render: (v: string | null) => (
          <Tag color="blue" translate="no">
            {v ?? '-'}
          </Tag>
        ),
      },
      {
        title: t('gradeLog.reason'),
        dataIndex: 'reason',
        width: 120,
        search: {
          type: 'select',
          options: GRADE_CHANGE_REASONS.map((r) => ({
            label: label(`gradeReason.${r}`),
            value: r,
          })),
        },
        render: (v: GradeLogItem['reason']) => (
          <Tag color={v === 'manual' ? 'orange' : 'green'}>{label(`gradeReason.${v}`)}</Tag>
        ),
      },
      { title: t('gradeLog.growthValue'), dataIndex: 'growthValue', width: 90 },
      {
        title: t('gradeLog.operator'),
        dataIndex: 'operatorName',
        width: 110,
        render: (v: string) => v || t('gradeLog.system'),
      },
      { title: t('common.remark'), dataIndex: 'remark', ellipsis: true },
      timeColumn(t('gradeLog.changedAt')),
    ];
  }, [grades.data, t, label]);

  return (
    <ListPage<GradeLogItem>
      columns={columns}
      rowKey="id"
      queryKey={gradeKeys.log}
      request={fetchGradeLog}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      headerTitle={t('gradeLog.title')}
      exportSpec={exportIf(actions, GradePaths.logExport, t('gradeLog.exportName'))}
    />
  );
}
