import { useMemo, useState } from 'react';
import { Button, Image, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_CATEGORY_KEYS,
  formatChinaDate,
  formatVideoDuration,
  type Video,
  type VideoCategory,
  LinkMessages,
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
import { DECORATE_NS } from '../locales';
import { fetchVideos, useDeleteVideo, useSetVideoEnabled, videoKeys } from './api';
import { VideoDialog } from './VideoDialog';
import './videos.css';

const CATEGORY_COLORS: Record<VideoCategory, string> = {
  chronic: 'cyan',
  heart: 'red',
  diet: 'green',
  exercise: 'orange',
  medication: 'geekblue',
};

const time = (v: number) => formatChinaDate(v, '{y}-{m}-{d} {h}:{i}');

/** /decorate_m/video 健康视频: the app's health videos by category, sort and status. */
export default function VideoListPage() {
  const { t } = useTranslation(DECORATE_NS);
  const actions = usePageActions(useFrontPath<'decorateVideos'>());
  const deleteVideo = useDeleteVideo().mutateAsync;
  const setEnabled = useSetVideoEnabled().mutateAsync;
  const [busy, setBusy] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ video: Video | null } | null>(null);

  const columns = useMemo<ListColumn<Video>[]>(() => {
    const remove = async (id: number) => {
      try {
        const answer = await deleteVideo(id);
        // Live pages or ad slots link to it: say which.
        if (answer.linkedBy.length > 0)
          toast.warning(LinkMessages.stillLinked(answer.linkedBy.join('、')));
        else toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    const toggle = async (video: Video, enabled: boolean) => {
      setBusy(video.id);
      try {
        const answer = await setEnabled({ video, enabled });
        if (answer.linkedBy.length > 0)
          toast.warning(LinkMessages.stillLinked(answer.linkedBy.join('、')));
        else toast.success(enabled ? t('video.enableDone') : t('video.disableDone'));
      } catch {
        // Toasted by the api client.
      } finally {
        setBusy(null);
      }
    };
    return [
      {
        title: t('video.name'),
        dataIndex: 'title',
        search: { type: 'text', name: 'keyword' },
        render: (title: string, v) => (
          <div className="video-title-cell">
            <Image
              src={v.cover}
              width={80}
              height={45}
              className="video-cover-thumb"
              alt={t('video.coverOf', { title })}
            />
            <div className="video-title-text">
              <div className="list-page-ellipsis" title={title} translate="no">
                {title}
              </div>
              {v.description && (
                <Typography.Text
                  type="secondary"
                  className="list-page-ellipsis video-title-description"
                  title={v.description}
                  translate="no"
                >
                  {v.description}
                </Typography.Text>
              )}
            </div>
          </div>
        ),
      },
      {
        title: t('video.category'),
        dataIndex: 'category',
        search: {
          type: 'select',
          options: VIDEO_CATEGORY_KEYS.map((k) => ({
            value: k,
            label: t(`video.categories.${k}`),
          })),
        },
        render: (v: VideoCategory) => (
          <Tag color={CATEGORY_COLORS[v]}>{t(`video.categories.${v}`)}</Tag>
        ),
      },
      {
        title: t('video.duration'),
        dataIndex: 'durationS',
        align: 'right',
        render: (v: number) => <span className="video-duration">{formatVideoDuration(v)}</span>,
      },
      { title: t('common.sort'), dataIndex: 'sort', align: 'right' },
      {
        title: t('common.status'),
        dataIndex: 'enabled',
        search: {
          type: 'select',
          options: [
            { value: '1', label: t('common.enabled') },
            { value: '0', label: t('common.disabled') },
          ],
        },
        render: (enabled: boolean, v) =>
          actions.includes('edit') ? (
            <Switch
              size="small"
              checked={enabled}
              loading={busy === v.id}
              checkedChildren={t('common.enabled')}
              unCheckedChildren={t('common.disabled')}
              aria-label={t('video.enabledOf', { title: v.title })}
              onChange={(next) => void toggle(v, next)}
            />
          ) : (
            <Tag color={enabled ? 'green' : 'default'}>
              {enabled ? t('common.enabled') : t('common.disabled')}
            </Tag>
          ),
      },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{time(v)}</span>,
      },
      {
        title: t('common.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, v) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ video: v })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('video.deleteConfirm', { title: v.title })}
                description={t('video.deleteHint')}
                danger
                onConfirm={() => remove(v.id)}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, busy, deleteVideo, setEnabled, t]);

  return (
    <>
      <ListPage<Video>
        columns={columns}
        rowKey="id"
        queryKey={videoKeys.all}
        request={fetchVideos}
        headerTitle={t('video.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ video: null })}>{t('video.add')}</AddButton>
          )
        }
      />
      <VideoDialog
        open={editing !== null}
        video={editing?.video ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
    </>
  );
}
