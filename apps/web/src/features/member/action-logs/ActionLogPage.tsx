import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEMBER_ACTIONS, type ActionLogItem, ActionLogPaths } from '@health/contract';
import {
  timeColumn,
  exportIf,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { usePageActions } from '../../../shared/stores/permission';
import { actionLogKeys, fetchActionLog } from './api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { memberColumns } from '../member-columns';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { MEMBER_ENUMS_NS } from '../enum-locales';

const COLORS: Record<string, string> = {
  login: 'blue',
  register: 'cyan',
  measure: 'green',
  check_in: 'gold',
  redeem: 'magenta',
  logoff: 'red',
  logoff_apply: 'volcano',
};

/** /member_manage/action_log: members' actions (login, measure, check-in, redeem, ...). */
export default function ActionLogPage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'actionLogs'>());

  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const columns = useMemo<ListColumn<ActionLogItem>[]>(
    () => [
      ...memberColumns<ActionLogItem>(t, 130),
      {
        title: t('action.action'),
        dataIndex: 'action',
        width: 110,
        search: {
          type: 'select',
          options: MEMBER_ACTIONS.map((value) => ({
            label: label(`memberAction.${value}`),
            value,
          })),
        },
        render: (_: string, r) => (
          <Tag color={COLORS[r.action]}>
            {label(`memberAction.${r.action}`, { defaultValue: r.actionLabel })}
          </Tag>
        ),
      },
      { title: t('action.detail'), dataIndex: 'detail', ellipsis: true },
      {
        title: t('action.ip'),
        dataIndex: 'ip',
        width: 140,
        search: { type: 'text' },
        render: (v: string) => v || '-',
      },
      timeColumn(t('common.time')),
    ],
    [t, label],
  );

  return (
    <ListPage<ActionLogItem>
      columns={columns}
      rowKey="id"
      queryKey={actionLogKeys.all}
      request={fetchActionLog}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      headerTitle={t('action.title')}
      exportSpec={exportIf(actions, ActionLogPaths.export, t('action.exportName'))}
    />
  );
}
