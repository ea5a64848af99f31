import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Result, Skeleton, Tag } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatVideoDuration, type PublicVideo, type PublicVideoList } from '@health/contract';
import { usePublicLoad } from '../../../shared/hooks/use-public-load';
import { LanguageSwitch } from '../../../shared/i18n/LanguageSwitch';
import { localMessage } from '../../../shared/i18n/messages';
import { usePageTitle } from '../../../shared/routing/page-title';
import { DECORATE_NS } from '../locales';
import { fetchPublicVideos } from './api';
import './public-videos.css';

const ALL = 'all';
const PANEL = 'video-list-panel';

/**
 * /video-list (public, outside the layout, no login): the health videos 健康视频 has switched on,
 * by category in tabs, each playable in place with its cover as the poster. Phone first: one column,
 * two or three on wider screens. Only one video plays at a time.
 */
export default function PublicVideoListPage() {
  const { t } = useTranslation(DECORATE_NS);
  const [state, retry] = usePublicLoad(fetchPublicVideos);
  usePageTitle(t('video.public.pageTitle'));

  return (
    <main className="video-list-page">
      <div className="video-list-top">
        <LanguageSwitch />
      </div>
      <header className="video-list-head">
        <h1>
          <PlayCircleOutlined /> {t('video.public.pageTitle')}
        </h1>
        <p>{t('video.public.tagline')}</p>
      </header>
      {state.kind === 'loading' && (
        <div className="video-list-grid" aria-label={t('video.public.loading')}>
          {[0, 1].map((i) => (
            <div className="video-card" key={i}>
              <div className="video-card-player video-card-skeleton" />
              <div className="video-card-body">
                <Skeleton active paragraph={{ rows: 1 }} />
              </div>
            </div>
          ))}
        </div>
      )}
      {state.kind === 'error' && (
        <Result
          status="error"
          title={t('video.public.error')}
          subTitle={state.msg ? localMessage(state.msg) : undefined}
          extra={
            <Button type="primary" onClick={retry}>
              {t('video.public.retry')}
            </Button>
          }
        />
      )}
      {state.kind === 'ok' && <Videos data={state.value} />}
    </main>
  );
}

function Videos({ data }: { data: PublicVideoList }) {
  const { t } = useTranslation(DECORATE_NS);
  const [tab, setTab] = useState<string>(ALL);

  if (data.list.length === 0) {
    return (
      <Empty
        className="video-list-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('video.public.empty')}
        data-testid="video-list-empty"
      />
    );
  }
  const shown = tab === ALL ? data.list : data.list.filter((v) => v.category === tab);
  const tabs = [
    {
      key: ALL,
      label: t('video.public.all'),
      count: data.categories.reduce((n, c) => n + c.count, 0),
    },
    ...data.categories.map((c) => ({
      key: c.key,
      label: t(`video.categories.${c.key}`),
      count: c.count,
    })),
  ];

  return (
    <>
      <CategoryTabs tabs={tabs} active={tab} onChange={setTab} />
      <div className="video-list-grid" id={PANEL} role="tabpanel">
        {shown.map((v) => (
          <VideoCard key={v.id} video={v} />
        ))}
      </div>
    </>
  );
}

interface CategoryTab {
  key: string;
  label: string;
  count: number;
}

/**
 * The categories as tabs that wrap on a narrow screen (every one in sight on a phone, none behind
 * a scroll or a menu); arrow keys move between them.
 */
function CategoryTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: CategoryTab[];
  active: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onChange(next.key);
    list.current?.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };
  return (
    <div
      className="video-list-tabs"
      role="tablist"
      aria-label={t('video.public.categories')}
      ref={list}
    >
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          data-key={tab.key}
          aria-selected={tab.key === active}
          aria-controls={PANEL}
          tabIndex={tab.key === active ? 0 : -1}
          className={tab.key === active ? 'video-list-tab video-list-tab-active' : 'video-list-tab'}
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => move(e, i)}
        >
          {tab.label} <span className="video-list-tab-count">{tab.count}</span>
        </button>
      ))}
    </div>
  );
}

function VideoCard({ video }: { video: PublicVideo }) {
  const { t } = useTranslation(DECORATE_NS);
  const [failed, setFailed] = useState(false);
  const duration = formatVideoDuration(video.durationS);
  return (
    <article className="video-card" data-testid={`video-${video.id}`}>
      <div className="video-card-player">
        <video
          src={video.url}
          poster={video.cover}
          controls
          playsInline
          preload="none"
          // Named by its title (data, not translated).
          aria-labelledby={`video-${video.id}-title`}
          onError={() => setFailed(true)}
          onPlay={(e) => {
            setFailed(false);
            // One video at a time: starting one pauses the others.
            for (const other of document.querySelectorAll('video')) {
              if (other !== e.currentTarget) other.pause();
            }
          }}
        />
        {failed && (
          <div className="video-card-failed" role="alert">
            {t('video.public.playError')}
          </div>
        )}
      </div>
      <div className="video-card-body">
        <h2 id={`video-${video.id}-title`} translate="no">
          {video.title}
        </h2>
        <div className="video-card-meta">
          <Tag bordered={false} color="blue">
            {t(`video.categories.${video.category}`)}
          </Tag>
          <span>{t('video.public.durationOf', { duration })}</span>
        </div>
        {video.description && (
          <p className="video-card-description" translate="no">
            {video.description}
          </p>
        )}
      </div>
    </article>
  );
}
