import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  SEARCH_WORD_TYPES,
  formatDate,
  type SearchSuggestResult,
  type SearchWord,
  PAGES,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchSearchWords, rebuildSuggestions, searchKeys, useDeleteSearchWords } from './api';
import { CONTENT_NS } from '../content-locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

function validity(word: SearchWord, unlimited: string): string {
  if (word.validFrom === null && word.validTo === null) return unlimited;
  const from =
    word.validFrom === null ? unlimited : formatDate(word.validFrom, '{y}-{m}-{d} {h}:{i}');
  const to = word.validTo === null ? unlimited : formatDate(word.validTo, '{y}-{m}-{d} {h}:{i}');
  return `${from} ~ ${to}`;
}

/** /sysset_setting/search: the app's hot and default search words, and the suggestion rebuild. */
export default function SearchListPage() {
  const { t } = useTranslation(CONTENT_NS);
  const actions = usePageActions(useFrontPath<'searchWords'>());
  const navigate = useNavigate();
  const deleteSearchWords = useDeleteSearchWords().mutateAsync;
  const ref = useRef<ListPageAction>(null);
  const [suggest, setSuggest] = useState<SearchSuggestResult | null>(null);
  const [rebuilding, setRebuilding] = useState(false);

  const columns = useMemo<ListColumn<SearchWord>[]>(() => {
    const remove = async (ids: number[]) => {
      try {
        await deleteSearchWords(ids);
        toast.success(t('common.deleted'));
      } catch {
        // The api client has shown the server's message.
      }
    };
    return [
      { title: t('search.keyword'), dataIndex: 'keyword', search: { type: 'text' } },
      {
        title: t('search.type'),
        dataIndex: 'type',
        width: 120,
        search: {
          type: 'select',
          options: SEARCH_WORD_TYPES.map((v) => ({ label: t(`search.types.${v}`), value: v })),
        },
        render: (v: SearchWord['type']) => (
          <Tag color={v === 'hot' ? 'volcano' : 'blue'}>{t(`search.types.${v}`)}</Tag>
        ),
      },
      { title: t('search.sort'), dataIndex: 'sort', width: 80, align: 'right' },
      {
        title: t('common.status'),
        dataIndex: 'enabled',
        width: 140,
        search: {
          type: 'select',
          options: [
            { label: t('common.enabled'), value: '1' },
            { label: t('common.disabled'), value: '0' },
          ],
        },
        render: (enabled: boolean, w) => (
          <Space size={4}>
            <Tag color={enabled ? 'green' : 'default'}>
              {enabled ? t('common.enabled') : t('common.disabled')}
            </Tag>
            {enabled && !w.effective && (
              <Tag color="orange">
                {w.validTo !== null && w.validTo <= Date.now()
                  ? t('search.expired')
                  : t('search.notStarted')}
              </Tag>
            )}
          </Space>
        ),
      },
      {
        title: t('search.validity'),
        key: 'validity',
        width: 270,
        render: (_: unknown, w) => validity(w, t('common.unlimited')),
      },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        width: 160,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('common.op'),
        key: 'op',
        width: 120,
        render: (_: unknown, w) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`${PAGES.searchWordEdit}?id=${w.id}`)}
              >
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('search.deleteConfirm', { keyword: w.keyword })}
                danger
                dangerOk
                onConfirm={() => remove([w.id])}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteSearchWords, navigate, t]);

  const rebuild = async () => {
    setRebuilding(true);
    try {
      const result = await rebuildSuggestions();
      setSuggest(result);
      toast.success(t('search.suggestDone', { count: result.count }));
    } catch {
      // Toasted by the api client.
    } finally {
      setRebuilding(false);
    }
  };

  const toolbar = (
    <Space wrap>
      {suggest && (
        <Typography.Text type="secondary" data-testid="suggest-count">
          {t('search.suggestCount', {
            count: suggest.count,
            time: formatDate(suggest.rebuiltAt, '{h}:{i}:{s}'),
          })}
        </Typography.Text>
      )}
      {actions.includes('suggest') && (
        <Popconfirm
          title={t('search.suggest')}
          description={<div style={{ maxWidth: 320 }}>{t('search.suggestConfirm')}</div>}
          onConfirm={rebuild}
        >
          <Button icon={<SyncOutlined />} loading={rebuilding}>
            {t('search.suggest')}
          </Button>
        </Popconfirm>
      )}
      {actions.includes('add') && (
        <AddButton onClick={() => void navigate(PAGES.searchWordEdit)}>{t('search.add')}</AddButton>
      )}
    </Space>
  );

  return (
    <ListPage<SearchWord>
      columns={columns}
      rowKey="id"
      queryKey={searchKeys.words}
      request={fetchSearchWords}
      actionRef={ref}
      headerTitle={t('search.title')}
      toolbar={toolbar}
      batchActions={
        actions.includes('delete')
          ? ({ selectedRowKeys, clearSelection, reload }) => (
              <Popconfirm
                title={t('common.batchDeleteConfirm', { count: selectedRowKeys.length })}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await deleteSearchWords(selectedRowKeys.map(Number));
                    toast.success(t('common.deleted'));
                    clearSelection();
                    await reload();
                  } catch {
                    // Toasted by the api client.
                  }
                }}
              >
                <Button danger>{t('common.batchDelete')}</Button>
              </Popconfirm>
            )
          : undefined
      }
    />
  );
}
