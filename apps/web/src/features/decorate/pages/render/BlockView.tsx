import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import {
  AppstoreOutlined,
  FileTextOutlined,
  MedicineBoxOutlined,
  NotificationOutlined,
  PictureOutlined,
  PlayCircleFilled,
  RightOutlined,
  SearchOutlined,
  ShoppingOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  COMPONENTS,
  formatVideoDuration,
  type ComponentProps,
  type DraftLink,
  type PageBlock,
  type ResolvedGoods,
  type ResolvedRecords,
  type ResolvedVideo,
} from '@health/contract';
import { SafeHtml } from '../../../../shared/components/rich-text/SafeHtml';
import { useReducedMotion } from '../../../../shared/hooks/use-reduced-motion';
import { localTitle } from '../../../../shared/i18n';
import { DECORATE_NS } from '../../locales';
import { EmptyHint, ImageBox, SectionTitle, Tap, isLinked, type LinkHandler } from './parts';
import './page-view.css';

/** The records one block shows (its goods, its video, its service packages), by the server. */
export type BlockRecords = ResolvedRecords[string];

export interface BlockViewProps {
  block: PageBlock;
  /** The records the server resolved for this block (`records[block.props.id]`), if any yet. */
  records?: BlockRecords;
  /** A tap on a linked element (an image, a nav item, goods, "更多"); none: nothing is tappable. */
  onLink?: (link: DraftLink) => void;
  /**
   * The page is used as a member uses it (the public preview): a video plays in place when its
   * play button is tapped. False (the builder's canvas, where a click selects the block): the
   * video shows its cover only.
   */
  interactive?: boolean;
}

/** One block of a page, as the member app shows it. */
export function BlockView({ block, records, onLink, interactive = false }: BlockViewProps) {
  const { i18n } = useTranslation(DECORATE_NS);
  const def = COMPONENTS[block.type];
  const label = localTitle({ title: def.label, titleEn: def.labelEn }, i18n.language);
  return (
    <section
      className={`deco-block deco-block-${block.type}`}
      data-block-id={block.props.id}
      data-block-type={block.type}
      aria-label={label}
    >
      <BlockBody
        block={block}
        records={records}
        onLink={onLink}
        interactive={interactive}
        label={label}
      />
    </section>
  );
}

function BlockBody({
  block,
  records,
  onLink,
  interactive,
  label,
}: BlockViewProps & { interactive: boolean; label: string }) {
  switch (block.type) {
    case 'carousel':
      return <Carousel p={block.props} onLink={onLink} label={label} />;
    case 'navGrid':
      return <NavGrid p={block.props} onLink={onLink} label={label} />;
    case 'notice':
      return <Notice p={block.props} onLink={onLink} />;
    case 'imageAd':
      return <ImageAd p={block.props} onLink={onLink} label={label} />;
    case 'goodsList':
      return <GoodsList p={block.props} goods={records?.goods ?? []} onLink={onLink} />;
    case 'video':
      return (
        <VideoBlock p={block.props} video={records?.video ?? null} interactive={interactive} />
      );
    case 'healthService':
      return <HealthService p={block.props} records={records} onLink={onLink} />;
    case 'title':
      return <Title p={block.props} onLink={onLink} />;
    case 'search':
      return <Search p={block.props} />;
    case 'blank':
      return <Blank p={block.props} />;
    case 'richText':
      return <RichText p={block.props} />;
  }
}

/* ---------------------------------------------------------------- carousel */

function Carousel({
  p,
  onLink,
  label,
}: {
  p: ComponentProps<'carousel'>;
  onLink?: LinkHandler;
  label: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const reduced = useReducedMotion();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = p.items.length;
  const current = Math.min(index, Math.max(count - 1, 0));

  const go = (i: number, smooth: boolean) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: smooth && !reduced ? 'smooth' : 'auto' });
  };

  // Advance every intervalMs, unless the user asked for less motion, or is pointing at, touching
  // or focused in the carousel.
  useEffect(() => {
    if (reduced || paused || count < 2) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el || el.clientWidth === 0) return;
      const now = Math.round(el.scrollLeft / el.clientWidth);
      el.scrollTo({ left: ((now + 1) % count) * el.clientWidth, behavior: 'smooth' });
    }, p.intervalMs);
    return () => window.clearInterval(timer);
  }, [reduced, paused, count, p.intervalMs]);

  const style: CSSProperties = { aspectRatio: `375 / ${p.height}` };
  if (count === 0) {
    return (
      <div className="deco-carousel" style={style}>
        <span className="deco-img-empty" role="img" aria-label={t('render.carouselEmpty')}>
          <PictureOutlined />
          <span className="deco-empty-text">{t('render.carouselEmpty')}</span>
        </span>
      </div>
    );
  }
  return (
    <div
      className="deco-carousel"
      style={style}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="deco-carousel-track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {p.items.map((item, i) => (
          <div className="deco-carousel-slide" key={i}>
            <Tap link={item.link} onLink={onLink}>
              <ImageBox src={item.image} alt={t('render.imageOf', { block: label, n: i + 1 })} />
            </Tap>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="deco-carousel-dots">
          {p.items.map((_, i) => (
            <button
              key={i}
              type="button"
              className="deco-carousel-dot"
              aria-label={t('render.slideN', { n: i + 1 })}
              aria-current={i === current}
              onClick={() => go(i, true)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/* ---------------------------------------------------------------- nav grid */

function NavGrid({
  p,
  onLink,
  label,
}: {
  p: ComponentProps<'navGrid'>;
  onLink?: LinkHandler;
  label: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  if (p.items.length === 0)
    return <EmptyHint icon={<AppstoreOutlined />} text={t('render.navEmpty')} />;
  // rows × columns a page; more items go on further pages, swiped sideways.
  const perPage = p.rows * p.columns;
  const pages = Array.from({ length: Math.ceil(p.items.length / perPage) }, (_, n) =>
    p.items.slice(n * perPage, (n + 1) * perPage),
  );
  const grid = (items: typeof p.items, first: number) => (
    <div
      className="deco-navgrid"
      style={{ gridTemplateColumns: `repeat(${p.columns}, minmax(0, 1fr))` }}
      key={first}
    >
      {items.map((item, k) => {
        const i = first + k;
        return (
          <div className="deco-navgrid-item" key={i}>
            <Tap link={item.link} onLink={onLink}>
              <span className="deco-navgrid-icon">
                <ImageBox
                  src={item.icon}
                  alt={item.title || t('render.imageOf', { block: label, n: i + 1 })}
                />
              </span>
              {item.title && (
                <span className="deco-navgrid-title" translate="no">
                  {item.title}
                </span>
              )}
            </Tap>
          </div>
        );
      })}
    </div>
  );
  if (pages.length === 1) return grid(p.items, 0);
  return (
    <div className="deco-navgrid-pager" data-testid="deco-navgrid-pager">
      {pages.map((items, n) => grid(items, n * perPage))}
    </div>
  );
}

/* ------------------------------------------------------------------ notice */

/** Marquee speed: px a second; the gap after each copy of the text (page-view.css). */
const MARQUEE_SPEED = 40;
const MARQUEE_GAP = 48;

function Notice({ p, onLink }: { p: ComponentProps<'notice'>; onLink?: LinkHandler }) {
  const { t } = useTranslation(DECORATE_NS);
  const reduced = useReducedMotion();
  const box = useRef<HTMLSpanElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  /** The text's width when it is too long for the bar (it then scrolls), else 0. */
  const [overflow, setOverflow] = useState(0);
  const marquee = p.scroll && !reduced && p.text !== '';

  useLayoutEffect(() => {
    const el = box.current;
    if (!marquee || !el) {
      setOverflow(0);
      return;
    }
    const measure = () => {
      const copy = line.current;
      if (!copy) return;
      // While scrolling, each copy carries its gap (MARQUEE_GAP) after the text.
      const scrolling = copy.parentElement?.classList.contains('deco-notice-track') ?? false;
      const width = copy.getBoundingClientRect().width - (scrolling ? MARQUEE_GAP : 0);
      setOverflow(width > el.clientWidth + 1 ? width : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [marquee, p.text]);

  if (!p.text) return <EmptyHint icon={<NotificationOutlined />} text={t('render.noticeEmpty')} />;
  const linked = isLinked(p.link) && !!onLink;
  let text;
  if (marquee) {
    // One line, measured: when too long, two copies side by side move left by one copy (and its
    // gap) each turn.
    const scrolling = overflow > 0;
    const style = scrolling
      ? ({
          '--deco-marquee-duration': `${Math.max(4, Math.round((overflow + MARQUEE_GAP) / MARQUEE_SPEED))}s`,
        } as CSSProperties)
      : undefined;
    text = (
      <span
        className="deco-notice-text deco-notice-text-line"
        ref={box}
        title={scrolling ? p.text : undefined}
      >
        <span className={scrolling ? 'deco-notice-track' : undefined} style={style}>
          <span ref={line} translate="no">
            {p.text}
          </span>
          {scrolling && (
            <span aria-hidden="true" translate="no">
              {p.text}
            </span>
          )}
        </span>
      </span>
    );
  } else {
    text = (
      <span className="deco-notice-text" translate="no">
        {p.text}
      </span>
    );
  }
  return (
    <div className="deco-notice">
      <Tap link={p.link} onLink={onLink} className="deco-notice-bar">
        <NotificationOutlined className="deco-notice-icon" aria-hidden />
        {text}
        {linked && <RightOutlined className="deco-notice-arrow" aria-hidden />}
      </Tap>
    </div>
  );
}

/* --------------------------------------------------------------- image ad */

const AD_COLUMNS = { one: 1, two: 2, three: 3 } as const;

function ImageAd({
  p,
  onLink,
  label,
}: {
  p: ComponentProps<'imageAd'>;
  onLink?: LinkHandler;
  label: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const columns = AD_COLUMNS[p.layout];
  // The layout's places: an empty one shows its placeholder (the builder, a draft's preview).
  const cells = Array.from({ length: Math.max(columns, p.items.length) }, (_, i) => p.items[i]);
  return (
    <div
      className="deco-imagead"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {cells.map((item, i) => (
        <div className="deco-imagead-item" key={i}>
          <Tap link={item?.link} onLink={onLink}>
            <ImageBox
              src={item?.image ?? ''}
              alt={t('render.imageOf', { block: label, n: i + 1 })}
              natural
              ratio={columns === 1 ? '2 / 1' : '1 / 1'}
            />
          </Tap>
        </div>
      ))}
    </div>
  );
}

/* ------------------------------------------------------------- goods list */

function GoodsList({
  p,
  goods,
  onLink,
}: {
  p: ComponentProps<'goodsList'>;
  goods: ResolvedGoods[];
  onLink?: LinkHandler;
}) {
  const { t } = useTranslation(DECORATE_NS);
  return (
    <>
      <SectionTitle text={p.title} />
      {goods.length === 0 ? (
        <EmptyHint icon={<ShoppingOutlined />} text={t('render.goodsEmpty')} />
      ) : (
        <div className={`deco-goods-${p.layout}`}>
          {goods.map((g) => (
            <GoodsCard key={g.id} goods={g} onLink={onLink} />
          ))}
        </div>
      )}
    </>
  );
}

function GoodsCard({ goods, onLink }: { goods: ResolvedGoods; onLink?: LinkHandler }) {
  const { t } = useTranslation(DECORATE_NS);
  return (
    <div
      className={goods.soldOut ? 'deco-goods-card deco-goods-soldout-card' : 'deco-goods-card'}
      data-testid="deco-goods"
    >
      <Tap link={{ navType: 'jjk_mall_goods', subContent: String(goods.id) }} onLink={onLink}>
        <span className="deco-goods-image">
          <ImageBox src={goods.image} alt={goods.name} />
          {goods.soldOut && <span className="deco-goods-soldout">{t('render.soldOut')}</span>}
        </span>
        <span className="deco-goods-body">
          <span className="deco-goods-name" title={goods.name} translate="no">
            {goods.name}
          </span>
          <span className="deco-goods-price">
            <span>{t('render.points', { points: goods.pointsPrice })}</span>
            {goods.cashFen > 0 && (
              <span className="deco-goods-cash">
                {t('render.plusCash', { yuan: (goods.cashFen / 100).toFixed(2) })}
              </span>
            )}
          </span>
        </span>
      </Tap>
    </div>
  );
}

/* ------------------------------------------------------------------- video */

function VideoBlock({
  p,
  video,
  interactive,
}: {
  p: ComponentProps<'video'>;
  video: ResolvedVideo | null;
  interactive: boolean;
}) {
  const { t } = useTranslation(DECORATE_NS);
  return (
    <>
      <SectionTitle text={p.title} />
      {video ? (
        <VideoCard video={video} interactive={interactive} />
      ) : (
        <EmptyHint icon={<VideoCameraOutlined />} text={t('render.videoEmpty')} />
      )}
    </>
  );
}

function VideoCard({ video, interactive }: { video: ResolvedVideo; interactive: boolean }) {
  const { t } = useTranslation(DECORATE_NS);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const duration = formatVideoDuration(video.durationS);
  return (
    <div className="deco-card deco-video">
      <span className="deco-video-player">
        {playing ? (
          <video
            src={video.url}
            poster={video.cover || undefined}
            controls
            autoPlay
            playsInline
            aria-label={video.title}
            onError={() => setFailed(true)}
            onPlay={() => setFailed(false)}
          />
        ) : (
          <>
            <ImageBox src={video.cover} alt={video.title} />
            {interactive ? (
              <button
                type="button"
                className="deco-video-play"
                aria-label={t('render.play', { title: video.title })}
                onClick={() => setPlaying(true)}
              >
                <PlayCircleFilled />
              </button>
            ) : (
              <span className="deco-video-play" aria-hidden="true">
                <PlayCircleFilled />
              </span>
            )}
            <span className="deco-video-duration" title={t('render.durationOf', { duration })}>
              {duration}
            </span>
          </>
        )}
        {failed && (
          <span className="deco-video-failed" role="alert">
            {t('render.videoFailed')}
          </span>
        )}
      </span>
      <div className="deco-video-title" translate="no">
        {video.title}
      </div>
    </div>
  );
}

/* --------------------------------------------------------- health services */

function HealthService({
  p,
  records,
  onLink,
}: {
  p: ComponentProps<'healthService'>;
  records?: BlockRecords;
  onLink?: LinkHandler;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const types = records?.packageTypes ?? [];
  return (
    <>
      <SectionTitle text={p.title} />
      {types.length === 0 ? (
        <EmptyHint icon={<MedicineBoxOutlined />} text={t('render.servicesEmpty')} />
      ) : (
        <div className="deco-services">
          {types.map((type) => (
            <div className="deco-service" key={type.id} data-testid="deco-service">
              <Tap link={{ navType: 'shhywfllb', subContent: String(type.id) }} onLink={onLink}>
                <span className="deco-service-icon" aria-hidden="true">
                  <MedicineBoxOutlined />
                </span>
                <span className="deco-service-body">
                  <span className="deco-service-name" translate="no">
                    {type.name}
                  </span>
                  {p.showPlans && type.description && (
                    <span className="deco-service-plan" translate="no">
                      {type.description}
                    </span>
                  )}
                  {p.showPlans && type.plans.length > 0 && (
                    <span className="deco-service-plans" data-testid="deco-service-plans">
                      {type.plans.map((plan) => (
                        <span className="deco-service-plan-row" key={plan.id}>
                          <span className="deco-service-plan-name" translate="no">
                            {plan.name}
                          </span>
                          <span className="deco-service-plan-price">
                            {plan.soldOut
                              ? t('render.soldOut')
                              : t('render.points', { points: plan.pointsPrice })}
                          </span>
                        </span>
                      ))}
                    </span>
                  )}
                </span>
              </Tap>
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/* ------------------------------------------------------------------- title */

function Title({ p, onLink }: { p: ComponentProps<'title'>; onLink?: LinkHandler }) {
  const { t } = useTranslation(DECORATE_NS);
  const more = isLinked(p.link);
  return (
    <div className={p.align === 'center' ? 'deco-title deco-title-center' : 'deco-title'}>
      {p.align === 'center' && <span aria-hidden="true" />}
      <div className="deco-title-texts">
        {p.text ? (
          <div className="deco-title-text" translate="no">
            {p.text}
          </div>
        ) : (
          <div className="deco-title-text deco-title-muted">{t('render.titleEmpty')}</div>
        )}
        {p.subtitle && (
          <div className="deco-title-subtitle" translate="no">
            {p.subtitle}
          </div>
        )}
      </div>
      {more &&
        (onLink ? (
          <button type="button" className="deco-title-more" onClick={() => onLink(p.link)}>
            {t('render.more')}
            <RightOutlined aria-hidden />
          </button>
        ) : (
          <span className="deco-title-more">
            {t('render.more')}
            <RightOutlined aria-hidden />
          </span>
        ))}
      {!more && p.align === 'center' && <span aria-hidden="true" />}
    </div>
  );
}

/* ------------------------------------------------------------------ search */

function Search({ p }: { p: ComponentProps<'search'> }) {
  const { t } = useTranslation(DECORATE_NS);
  return (
    <div className="deco-search">
      <div className="deco-search-box">
        <SearchOutlined aria-hidden />
        {p.placeholder ? (
          <span translate="no">{p.placeholder}</span>
        ) : (
          <span>{t('render.searchDefault')}</span>
        )}
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------- blank */

function Blank({ p }: { p: ComponentProps<'blank'> }) {
  return (
    <div className="deco-blank" style={{ height: p.height }}>
      {p.divider && <hr style={p.color ? { borderTopColor: p.color } : undefined} />}
    </div>
  );
}

/* --------------------------------------------------------------- rich text */

/** Whether rich text shows anything: text, or an image or video. */
const hasContent = (html: string) =>
  /<(img|video)\b/i.test(html) ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

function RichText({ p }: { p: ComponentProps<'richText'> }) {
  const { t } = useTranslation(DECORATE_NS);
  if (!hasContent(p.html))
    return <EmptyHint icon={<FileTextOutlined />} text={t('render.richTextEmpty')} />;
  return (
    <div className="deco-richtext" translate="no">
      <SafeHtml html={p.html} />
    </div>
  );
}
