import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Button, Result, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  changeRatio,
  formatChinaDate,
  MEASUREMENT_TYPE_LABELS,
  MEASUREMENT_TYPE_LABELS_EN,
  METRICS,
  PAGES,
  SCREEN_HEIGHT,
  SCREEN_WIDTH,
  type MeasurementType,
  type MetricKey,
  type ScreenAlert,
  type ScreenSnapshot,
} from '@health/contract';
import { queryClient } from '../../../shared/api/query-client';
import { useHasAction } from '../../../shared/stores/permission';
import { STATISTICS_NS } from '../locales';
import { screenLinkToken, useScreenFeed, useScreenSnapshot } from './api';
import { CountUp } from './CountUp';
import { DeviceRing, ProvinceMap, TrendLines, TypeBars } from './ScreenCharts';
import { ScreenLinksDrawer } from './ScreenLinks';
import './screen.css';

/** The window's size over the design size: the stage is laid out at 1920×1080 times this. */
function stageScale(): number {
  return Math.min(window.innerWidth / SCREEN_WIDTH, window.innerHeight / SCREEN_HEIGHT);
}

function useStageScale(): number {
  const [scale, setScale] = useState(stageScale);
  useEffect(() => {
    const onResize = () => setScale(stageScale());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

/** The clock (China time), ticking once a second. */
function Clock({ weekdays }: { weekdays: readonly string[] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const weekday = weekdays[new Date(now + 8 * 3_600_000).getUTCDay()] ?? '';
  return (
    <div className="screen-clock" data-testid="screen-clock">
      <span className="screen-clock-time" translate="no">
        {formatChinaDate(now, '{h}:{i}:{s}')}
      </span>
      <span className="screen-clock-date">
        {formatChinaDate(now, '{y}-{m}-{d}')} {weekday}
      </span>
    </div>
  );
}

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return [on, toggle];
}

const numberFormat = new Intl.NumberFormat('zh-CN');
const formatCount = (n: number) => numberFormat.format(n);

/** A panel of the stage: a title bar and its content. */
function Panel(props: {
  title: string;
  className?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <section className={`screen-panel ${props.className ?? ''}`} data-testid={props.testId}>
      <h2 className="screen-panel-title">{props.title}</h2>
      <div className="screen-panel-body">{props.children}</div>
    </section>
  );
}

/**
 * 数字大屏 (/digital-large-screen): a 1920×1080 dark dashboard laid out at the window's scale —
 * the running totals counting up, today with yesterday at the same time, readings by type, alerts
 * by level, members by province on the map, the devices, 30-day trends and the live alert feed.
 * Opened by an operator (new tab, their session) or by a screen link on a wall TV. Its numbers
 * are the glossary's, as on the statistics pages.
 */
export default function ScreenPage() {
  // Outside the layout (a page of its own tab): the links drawer's queries need the client here.
  return (
    <QueryClientProvider client={queryClient}>
      <Screen />
    </QueryClientProvider>
  );
}

function Screen() {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const en = i18n.language === 'en-US';
  const linkToken = useMemo(screenLinkToken, []);
  const state = useScreenSnapshot(linkToken);
  const snapshot = state.kind === 'ready' ? state.snapshot : undefined;
  const feed = useScreenFeed(linkToken, snapshot?.alerts, state.kind !== 'refused');
  const scale = useStageScale();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const mayManageLinks = useHasAction(PAGES.largeScreen, 'links') && linkToken === null;
  const [linksOpen, setLinksOpen] = useState(false);

  const stageStyle = {
    width: SCREEN_WIDTH * scale,
    height: SCREEN_HEIGHT * scale,
    '--u': `${scale}px`,
  } as CSSProperties;

  if (state.kind === 'refused')
    return (
      <main className="screen-root screen-root-message">
        <Result
          status="warning"
          title={<span className="screen-message-title">{t('screen.refused')}</span>}
          subTitle={
            <span className="screen-message-text" data-testid="screen-refused">
              {state.message}
              <br />
              {t('screen.refusedHint')}
            </span>
          }
        />
      </main>
    );

  return (
    <main className="screen-root">
      <div className="screen-stage" style={stageStyle} data-testid="screen-stage">
        <header className="screen-header">
          <Clock weekdays={t('screen.weekdays').split(',')} />
          <h1 className="screen-title">{t('screen.title')}</h1>
          <div className="screen-header-side">
            {snapshot && (
              <span
                className={state.kind === 'ready' && state.failed ? 'screen-stale' : 'screen-as-of'}
                data-testid="screen-as-of"
              >
                {state.kind === 'ready' && state.failed
                  ? t('screen.stale', { time: formatChinaDate(snapshot.asOf, '{h}:{i}') })
                  : t('screen.asOf', { time: formatChinaDate(snapshot.asOf, '{h}:{i}') })}
              </span>
            )}
            <span
              className={feed.live ? 'screen-live' : 'screen-live screen-live-off'}
              data-testid="screen-live"
            >
              {feed.live ? t('screen.live') : t('screen.offline')}
            </span>
            {mayManageLinks && (
              <Tooltip title={t('screen.links')}>
                <Button
                  className="screen-button"
                  icon={<LinkOutlined />}
                  aria-label={t('screen.links')}
                  onClick={() => setLinksOpen(true)}
                />
              </Tooltip>
            )}
            <Tooltip title={fullscreen ? t('screen.exitFullscreen') : t('screen.fullscreen')}>
              <Button
                className="screen-button"
                icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={fullscreen ? t('screen.exitFullscreen') : t('screen.fullscreen')}
                onClick={toggleFullscreen}
              />
            </Tooltip>
          </div>
        </header>
        {snapshot ? (
          <ScreenBody
            snapshot={snapshot}
            alerts={feed.alerts}
            arrived={feed.arrived}
            scale={scale}
            en={en}
          />
        ) : (
          <div className="screen-loading" role="status">
            {t('screen.loading')}
          </div>
        )}
      </div>
      {mayManageLinks && <ScreenLinksDrawer open={linksOpen} onClose={() => setLinksOpen(false)} />}
    </main>
  );
}

function ScreenBody(props: {
  snapshot: ScreenSnapshot;
  alerts: readonly ScreenAlert[];
  arrived: ReadonlySet<number>;
  scale: number;
  en: boolean;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const { snapshot, scale, en } = props;
  const metricName = (key: string) =>
    en ? METRICS[key as MetricKey].nameEn : METRICS[key as MetricKey].name;
  const metricDefinition = (key: string) =>
    en ? METRICS[key as MetricKey].definitionEn : METRICS[key as MetricKey].definition;
  const trendNames = useMemo(
    () => snapshot.trend.map((m) => metricName(m.key)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names change with the language
    [snapshot.trend, en],
  );
  const memberUnit = useCallback(
    (n: number) => t('screen.membersUnit', { n: formatCount(n) }),
    [t],
  );
  const typeLabel = (type: string) =>
    (en ? MEASUREMENT_TYPE_LABELS_EN : MEASUREMENT_TYPE_LABELS)[type as MeasurementType] ?? type;

  return (
    <div className="screen-body">
      <div className="screen-totals">
        {snapshot.totals.map((total) => (
          <div
            key={total.key}
            className="screen-total"
            title={en ? total.definitionEn : total.definition}
            data-testid={`screen-total-${total.key}`}
          >
            <div className="screen-total-name">{en ? total.nameEn : total.name}</div>
            <div className="screen-total-value" translate="no">
              <CountUp value={total.value} format={formatCount} />
              <span className="screen-total-unit">{en ? total.unitEn : total.unit}</span>
            </div>
          </div>
        ))}
      </div>
      <div className="screen-columns">
        <div className="screen-column">
          <Panel title={t('screen.today')} testId="screen-today">
            <ul className="screen-today">
              {snapshot.today.map((m) => {
                const ratio = changeRatio(m.value, m.previous);
                const change = `${ratio !== null && ratio > 0 ? '↑' : '↓'}${Math.abs(ratio ?? 0)}%`;
                return (
                  <li
                    key={m.key}
                    title={metricDefinition(m.key)}
                    data-testid={`screen-today-${m.key}`}
                  >
                    <span className="screen-today-name">{metricName(m.key)}</span>
                    <span className="screen-today-value" translate="no">
                      {formatCount(m.value)}
                    </span>
                    <span
                      className={`screen-today-change ${ratio !== null && ratio > 0 ? 'up' : ratio !== null && ratio < 0 ? 'down' : ''}`}
                    >
                      {ratio === null
                        ? t('screen.noPrevious')
                        : ratio === 0
                          ? t('screen.noChange')
                          : t('screen.vsYesterday', { change })}
                    </span>
                  </li>
                );
              })}
            </ul>
          </Panel>
          <Panel title={t('screen.readingsByType')} className="screen-grow">
            <TypeBars
              rows={snapshot.readingsByType}
              en={en}
              scale={scale}
              label={t('screen.readingsByType')}
            />
          </Panel>
          <Panel title={t('screen.alertsByLevel')} testId="screen-levels">
            <div className="screen-levels">
              {snapshot.alertsByLevel.map((row) => (
                <div key={row.value} className={`screen-level screen-level-${row.value}`}>
                  <span className="screen-level-value" translate="no">
                    {formatCount(row.count)}
                  </span>
                  <span className="screen-level-name">{en ? row.labelEn : row.label}</span>
                </div>
              ))}
            </div>
          </Panel>
        </div>
        <div className="screen-column screen-column-center">
          <Panel title={t('screen.map')} className="screen-map-panel">
            <ProvinceMap
              provinces={snapshot.provinces}
              scale={scale}
              label={t('screen.map')}
              failedText={t('screen.mapFailed')}
              unit={memberUnit}
            />
          </Panel>
          <Panel title={t('screen.trend')} className="screen-trend-panel">
            <TrendLines
              metrics={snapshot.trend}
              names={trendNames}
              scale={scale}
              label={t('screen.trend')}
            />
          </Panel>
        </div>
        <div className="screen-column">
          <Panel title={t('screen.feed')} className="screen-grow" testId="screen-feed">
            {props.alerts.length === 0 ? (
              <div className="screen-feed-empty">{t('screen.feedEmpty')}</div>
            ) : (
              <ol className="screen-feed">
                {props.alerts.map((alert) => (
                  <li
                    key={alert.id}
                    className={`screen-feed-item screen-feed-${alert.level}${props.arrived.has(alert.id) ? ' screen-feed-new' : ''}`}
                    data-testid="screen-feed-item"
                  >
                    <span className="screen-feed-time" translate="no">
                      {formatChinaDate(alert.at, '{h}:{i}:{s}')}
                    </span>
                    <span className={`screen-feed-level screen-feed-level-${alert.level}`}>
                      {snapshot.alertsByLevel.find((l) => l.value === alert.level)?.[
                        en ? 'labelEn' : 'label'
                      ] ?? alert.level}
                    </span>
                    <span className="screen-feed-member" translate="no">
                      {alert.member}
                    </span>
                    <span className="screen-feed-where">{alert.province}</span>
                    <span
                      className="screen-feed-what"
                      title={`${typeLabel(alert.type)} · ${alert.label}`}
                    >
                      {typeLabel(alert.type)} · {alert.label}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel title={t('screen.devices')} className="screen-devices-panel">
            <DeviceRing rows={snapshot.devices} en={en} scale={scale} label={t('screen.devices')} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
