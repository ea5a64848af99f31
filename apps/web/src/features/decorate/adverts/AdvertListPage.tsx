import { useMemo, useState } from 'react';
import { Button, Image, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ADVERT_POSITIONS,
  ADVERT_POSITION_KEYS,
  ADVERT_STATES,
  LINK_TYPES,
  formatChinaDate,
  type Advert,
  type AdvertPosition,
  type AdvertState,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
} from '../../../shared/components/list-page';
import { toast } from '../../../shared/feedback/feedback';
import { localMessage } from '../../../shared/i18n';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { DECORATE_NS } from '../locales';
import { AdvertDialog } from './AdvertDialog';
import { advertKeys, fetchAdverts, useDeleteAdvert } from './api';
import './adverts.css';

const STATE_COLORS: Record<AdvertState, string> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'default',
  disabled: 'default',
};

/** Thumbnails are this tall, as wide as the position's aspect ratio makes them (capped). */
const THUMB_HEIGHT = 44;
const THUMB_MAX_WIDTH = 96;

function Thumbnail({ advert }: { advert: Advert }) {
  const { width, height } = ADVERT_POSITIONS[advert.position];
  const w = Math.min(THUMB_MAX_WIDTH, Math.round((THUMB_HEIGHT * width) / height));
  return (
    <Image
      src={advert.image}
      width={w}
      height={THUMB_HEIGHT}
      className="advert-thumb"
      alt={advert.title}
    />
  );
}

const time = (v: number) => formatChinaDate(v, '{y}-{m}-{d} {h}:{i}');

/** /decorate_m/adv 广告位: the app's ad slots by position, their links, windows and states. */
export default function AdvertListPage() {
  const { t } = useTranslation(DECORATE_NS);
  const actions = usePageActions(useFrontPath<'decorateAdverts'>());
  const deleteAdvert = useDeleteAdvert().mutateAsync;
  const [editing, setEditing] = useState<{ advert: Advert | null } | null>(null);

  const columns = useMemo<ListColumn<Advert>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteAdvert(id);
        toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('advert.image'),
        key: 'image',
        render: (_: unknown, a) => <Thumbnail advert={a} />,
      },
      {
        title: t('advert.name'),
        dataIndex: 'title',
        search: { type: 'text' },
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('advert.position'),
        dataIndex: 'position',
        search: {
          type: 'select',
          options: ADVERT_POSITION_KEYS.map((k) => ({
            value: k,
            label: t(`advert.positions.${k}`),
          })),
        },
        render: (v: AdvertPosition) => <Tag>{t(`advert.positions.${v}`)}</Tag>,
      },
      {
        title: t('advert.link'),
        key: 'link',
        render: (_: unknown, a) => {
          const takes = LINK_TYPES[a.navType].takes;
          return (
            <div className="advert-link-cell">
              <Typography.Text type={takes === 'none' ? undefined : 'secondary'}>
                {t(`link.types.${a.navType}`)}
              </Typography.Text>
              {a.linkLabel && (
                <Typography.Text className="advert-link-label" translate="no" title={a.linkLabel}>
                  {a.linkLabel}
                </Typography.Text>
              )}
              {a.linkProblem && (
                <Tooltip title={localMessage(a.linkProblem)}>
                  <Tag color="red" className="advert-link-broken">
                    {t('advert.linkBroken')}
                  </Tag>
                </Tooltip>
              )}
            </div>
          );
        },
      },
      {
        title: t('advert.window'),
        key: 'window',
        render: (_: unknown, a) => (
          <div className="advert-window-cell">
            <span>{time(a.startAt)}</span>
            <span>~ {time(a.endAt)}</span>
          </div>
        ),
      },
      {
        title: t('advert.state'),
        dataIndex: 'state',
        search: {
          type: 'select',
          options: ADVERT_STATES.map((s) => ({ value: s, label: t(`advert.states.${s}`) })),
        },
        render: (v: AdvertState) => <Tag color={STATE_COLORS[v]}>{t(`advert.states.${v}`)}</Tag>,
      },
      { title: t('common.sort'), dataIndex: 'sort', align: 'right' },
      {
        title: t('common.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, a) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ advert: a })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('advert.deleteConfirm', { title: a.title })}
                danger
                dangerOk
                onConfirm={() => remove(a.id)}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteAdvert, t]);

  const columnsShown = actions.some((a) => a === 'edit' || a === 'delete')
    ? columns
    : columns.filter((c) => c.key !== 'op');

  return (
    <>
      <ListPage<Advert>
        columns={columnsShown}
        rowKey="id"
        queryKey={advertKeys.all}
        request={fetchAdverts}
        headerTitle={t('advert.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ advert: null })}>{t('advert.add')}</AddButton>
          )
        }
      />
      <AdvertDialog
        open={editing !== null}
        advert={editing?.advert ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
    </>
  );
}
