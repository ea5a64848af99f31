import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Image, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  GOODS_REVIEW_STATUSES,
  type GoodsListItem,
  type GoodsReviewStatus,
  LinkMessages,
  PAGES,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { usePackageTypeOptions } from '../package-types/api';
import { KIND_COLORS } from '../package-types/kinds';
import { INTEGRALMALL_NS } from '../locales';
import { ReviewDialog } from './ReviewDialog';
import { fetchGoodsList, goodsKeys, useDeleteGoods, useSetShelf } from './api';
import './goods.css';

const REVIEW_COLORS: Record<GoodsReviewStatus, string> = {
  none: 'default',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** The cover, or a grey box (no image and no 图片配置 placeholder). */
function Cover({ src, alt }: { src: string; alt: string }) {
  if (!src)
    return (
      <div className="goods-cover goods-cover-empty" aria-label={alt}>
        <PictureOutlined />
      </div>
    );
  return <Image src={src} width={48} height={48} className="goods-cover" alt={alt} />;
}

/** /integralmall/goods 商品管理: the mall's goods with stock warnings, shelf and review. */
export default function GoodsListPage() {
  const { t } = useTranslation(INTEGRALMALL_NS);
  const navigate = useNavigate();
  const actions = usePageActions(useFrontPath<'goods'>());
  const types = usePackageTypeOptions();
  const shelf = useSetShelf();
  const deleteGoods = useDeleteGoods().mutateAsync;
  const [reviewing, setReviewing] = useState<GoodsListItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const columns = useMemo<ListColumn<GoodsListItem>[]>(() => {
    const setShelf = async (g: GoodsListItem, onShelf: boolean) => {
      setBusy(g.id);
      try {
        const answer = await shelf.mutateAsync({ id: g.id, onShelf });
        // Taken off shelf while live pages or ad slots link to it: say which.
        if (answer.linkedBy.length > 0)
          toast.warning(LinkMessages.stillLinked(answer.linkedBy.join('、')));
        else toast.success(onShelf ? t('goods.shelfDone') : t('goods.unshelfDone'));
      } catch {
        // Toasted by the api client.
      } finally {
        setBusy(null);
      }
    };
    const remove = async (id: number) => {
      try {
        const answer = await deleteGoods(id);
        if (answer.linkedBy.length > 0)
          toast.warning(LinkMessages.stillLinked(answer.linkedBy.join('、')));
        else toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    const yesNo = [
      { value: 'true', label: t('common.yes') },
      { value: 'false', label: t('common.no') },
    ];
    return [
      {
        title: t('goods.name'),
        dataIndex: 'name',
        search: { type: 'text' },
        render: (v: string, g) => (
          <div className="goods-name-cell">
            <Cover src={g.cover} alt={t('goods.coverOf', { name: v })} />
            <div className="list-page-ellipsis goods-name" title={v} translate="no">
              {v}
            </div>
          </div>
        ),
      },
      {
        title: t('goods.packageType'),
        dataIndex: 'packageTypeName',
        search: {
          type: 'select',
          name: 'packageTypeId',
          options: (types.data ?? []).map((o) => ({
            value: o.id,
            label: <span translate="no">{o.name}</span>,
          })),
        },
        render: (v: string, g) => (
          <Space direction="vertical" size={2}>
            <span translate="no" style={{ whiteSpace: 'nowrap' }}>
              {v || '-'}
            </span>
            {g.packageKind && (
              <Tag color={KIND_COLORS[g.packageKind]}>{t(`packageKind.${g.packageKind}`)}</Tag>
            )}
          </Space>
        ),
      },
      {
        title: t('goods.price'),
        dataIndex: 'pointsPrice',
        render: (v: number, g) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('goods.pointsOf', { points: v.toLocaleString('en-US') })}
            {g.cashFen > 0 && (
              <>
                <br />
                <Typography.Text type="secondary">
                  {t('goods.plusCash', { yuan: (g.cashFen / 100).toFixed(2) })}
                </Typography.Text>
              </>
            )}
          </span>
        ),
      },
      {
        title: t('goods.stock'),
        dataIndex: 'stock',
        sorter: true,
        render: (v: number, g) => (
          <Space size={4} wrap={false}>
            <span>{v}</span>
            {v === 0 ? (
              <Tag color="red">{t('goods.soldOut')}</Tag>
            ) : g.lowStock ? (
              <Tag color="orange">{t('goods.lowStockTag')}</Tag>
            ) : null}
          </Space>
        ),
      },
      {
        title: t('goods.lowStock'),
        dataIndex: 'lowStock',
        hideInTable: true,
        search: { type: 'select', options: yesNo },
      },
      { title: t('goods.sold'), dataIndex: 'sold', sorter: true },
      {
        title: t('goods.limitShort'),
        dataIndex: 'limitPerMember',
        render: (v: number) => (v > 0 ? v : t('goods.noLimit')),
      },
      {
        title: t('goods.onShelf'),
        dataIndex: 'onShelf',
        search: {
          type: 'select',
          options: [
            { value: 'true', label: t('goods.shelfOn') },
            { value: 'false', label: t('goods.shelfOff') },
          ],
        },
        render: (v: boolean, g) =>
          actions.includes('shelf') ? (
            <Switch
              size="small"
              checked={v}
              loading={busy === g.id}
              checkedChildren={t('goods.switchOn')}
              unCheckedChildren={t('goods.switchOff')}
              aria-label={`${g.name} ${v ? t('goods.shelfOn') : t('goods.shelfOff')}`}
              onChange={(next) => void setShelf(g, next)}
            />
          ) : (
            <Tag color={v ? 'green' : 'default'}>
              {v ? t('goods.shelfOn') : t('goods.shelfOff')}
            </Tag>
          ),
      },
      {
        title: t('goods.reviewStatus'),
        dataIndex: 'reviewStatus',
        search: {
          type: 'select',
          options: GOODS_REVIEW_STATUSES.map((v) => ({ value: v, label: t(`reviewStatus.${v}`) })),
        },
        render: (v: GoodsReviewStatus, g) => {
          if (v === 'none') return <Typography.Text type="secondary">-</Typography.Text>;
          const tag = <Tag color={REVIEW_COLORS[v]}>{t(`reviewStatus.${v}`)}</Tag>;
          return v === 'rejected' && g.reviewRemark ? (
            <Tooltip title={t('goods.rejected', { remark: g.reviewRemark })}>{tag}</Tooltip>
          ) : (
            tag
          );
        },
      },
      { title: t('goods.sortShort'), dataIndex: 'sort', sorter: true },
      {
        title: t('common.updatedAt'),
        dataIndex: 'createdAt',
        sorter: true,
        render: (_: number, g) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatDate(g.updatedAt, '{y}-{m}-{d} {h}:{i}')}
            <br />
            <Typography.Text type="secondary">
              {t('goods.createdOn', { date: formatDate(g.createdAt, '{y}-{m}-{d}') })}
            </Typography.Text>
          </span>
        ),
      },
      {
        title: t('common.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, g) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`${PAGES.goodsEdit}?id=${g.id}`)}
              >
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('review') && g.reviewStatus === 'pending' && (
              <Button type="link" size="small" onClick={() => setReviewing(g)}>
                {t('goods.review')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('common.deleteConfirm')}
                description={t('goods.deleteHint')}
                danger
                onConfirm={() => remove(g.id)}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, busy, deleteGoods, navigate, shelf, t, types.data]);

  return (
    <>
      <ListPage<GoodsListItem>
        columns={columns}
        rowKey="id"
        queryKey={goodsKeys.all}
        request={fetchGoodsList}
        headerTitle={t('goods.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => void navigate(PAGES.goodsEdit)}>{t('common.add')}</AddButton>
          )
        }
      />
      <ReviewDialog
        open={reviewing !== null}
        goods={reviewing}
        onClose={() => setReviewing(null)}
        onDone={() => setReviewing(null)}
      />
    </>
  );
}
