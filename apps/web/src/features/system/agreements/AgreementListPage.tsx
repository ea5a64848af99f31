import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type AgreementSummary, PAGES } from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { agreementKeys, fetchAgreements, publicAgreementUrl, useDeleteAgreements } from './api';
import { AGREEMENT_NS } from './locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

/** /sysset_agreement/lists: agreements (user agreement, privacy policy, ...). */
export default function AgreementListPage() {
  const { t } = useTranslation(AGREEMENT_NS);
  const actions = usePageActions(useFrontPath<'agreements'>());
  const navigate = useNavigate();
  const deleteAgreements = useDeleteAgreements().mutateAsync;

  const columns = useMemo<ListColumn<AgreementSummary>[]>(() => {
    const remove = async (a: AgreementSummary) => {
      try {
        await deleteAgreements([a.id]);
        toast.success(t('deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('titleLabel'),
        dataIndex: 'title',
        search: { type: 'text', name: 'keyword', label: t('keyword') },
      },
      {
        title: t('code'),
        dataIndex: 'code',
        width: 200,
        render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      },
      {
        title: t('version'),
        dataIndex: 'version',
        width: 90,
        render: (v: number) => <Tag color="blue">v{v}</Tag>,
      },
      {
        title: t('updatedAt'),
        dataIndex: 'updatedAt',
        width: 180,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('updatedBy'),
        dataIndex: 'updatedBy',
        width: 120,
        render: (v: string) => v || '-',
      },
      {
        title: t('op'),
        key: 'op',
        width: 190,
        render: (_: unknown, a) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`${PAGES.agreementEdit}?id=${a.id}`)}
            >
              {actions.includes('edit') ? t('edit') : t('view')}
            </Button>
            <Button
              type="link"
              size="small"
              href={publicAgreementUrl(a.code)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('preview')}
            </Button>
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('deleteConfirm', { title: a.title })}
                danger
                dangerOk
                onConfirm={() => remove(a)}
              >
                {t('delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteAgreements, navigate, t]);

  return (
    <ListPage<AgreementSummary>
      columns={columns}
      rowKey="id"
      queryKey={agreementKeys.list}
      request={fetchAgreements}
      headerTitle={t('title')}
      toolbar={
        actions.includes('add') && (
          <AddButton onClick={() => void navigate(PAGES.agreementEdit)}>{t('add')}</AddButton>
        )
      }
    />
  );
}
