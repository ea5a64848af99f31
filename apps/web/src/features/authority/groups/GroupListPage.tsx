import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type GroupListItem, PAGES } from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchGroups, groupKeys, useDeleteGroup } from './api';
import { AUTHORITY_NS } from '../locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

/** /sysset_authority/authority_group: permission groups with page and operator counts. */
export default function GroupListPage() {
  const { t } = useTranslation(AUTHORITY_NS);
  const actions = usePageActions(useFrontPath<'groups'>());
  const navigate = useNavigate();
  const deleteGroup = useDeleteGroup().mutateAsync;
  const ref = useRef<ListPageAction>(null);

  const columns = useMemo<ListColumn<GroupListItem>[]>(() => {
    const remove = async (g: GroupListItem) => {
      try {
        await deleteGroup(g.id);
        toast.success(t('group.deleted'));
      } catch {
        // The api client has shown the server's message.
      }
    };
    return [
      {
        title: t('group.name'),
        dataIndex: 'name',
        sorter: true,
        search: { type: 'text' },
        render: (name: string, g) => (
          <Space size={4}>
            <Link to={`${PAGES.groupEdit}?id=${g.id}`}>{name}</Link>
            {g.builtin && <Tag color="gold">{t('group.builtinTag')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('group.description'),
        dataIndex: 'description',
        ellipsis: true,
        render: (v: string) => v || '-',
      },
      { title: t('group.pageCount'), dataIndex: 'pageCount', width: 100, align: 'right' },
      {
        title: t('group.operatorCount'),
        dataIndex: 'operatorCount',
        width: 110,
        align: 'right',
        sorter: true,
      },
      {
        title: t('group.updatedAt'),
        dataIndex: 'updatedAt',
        width: 180,
        sorter: true,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('group.actions'),
        key: 'op',
        width: 150,
        render: (_: unknown, g) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`${PAGES.groupEdit}?id=${g.id}`)}
            >
              {!g.editable || !actions.includes('edit')
                ? t('group.viewAction')
                : t('operator.edit')}
            </Button>
            {actions.includes('delete') && g.editable && (
              <ConfirmAction
                title={t('group.deleteConfirm', { name: g.name })}
                description={
                  g.operatorCount > 0
                    ? t('group.deleteInUse', { count: g.operatorCount })
                    : undefined
                }
                danger
                dangerOk
                onConfirm={() => remove(g)}
              >
                {t('operator.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteGroup, navigate, t]);

  return (
    <ListPage<GroupListItem>
      columns={columns}
      rowKey="id"
      queryKey={groupKeys.all}
      request={fetchGroups}
      defaultSort={{ field: 'updatedAt', order: 'descend' }}
      actionRef={ref}
      headerTitle={t('group.title')}
      toolbar={
        actions.includes('add') && (
          <AddButton onClick={() => void navigate(PAGES.groupEdit)}>{t('group.add')}</AddButton>
        )
      }
    />
  );
}
