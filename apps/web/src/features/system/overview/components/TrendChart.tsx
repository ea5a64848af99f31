import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { thousands } from '@health/contract';
import { niceTicks, smoothPath, type TrendSeries } from '../trend';

// This one chart is drawn as SVG here, not with ECharts (ARCHITECTURE.md's choice for charts, which
// every other chart keeps): ECharts' line chart and canvas renderer are ~150 KB gzip, and this is
// the landing page, whose JavaScript budget (issue 16) cannot carry them for 7 points per series.

export const SERIES_COLORS = [
  '#1890ff',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
];
const color = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length];

const HEIGHT = 300;
const TOP = 16;
const RIGHT = 16;
const BOTTOM = 28; // the dates
const AXIS_TEXT = '#6e7079';
const GRID_LINE = '#e0e6f1';
/** Room per date label (MM-DD at 12 px); narrower screens label every other day. */
const DATE_LABEL_PX = 44;

interface Hover {
  index: number;
  x: number;
  y: number;
}

/** The container's width, followed as it resizes (the sidebar folding, the window). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The home page's 7-day trend: one line per series, values of a day on hover, a data table for screen readers. */
export default function TrendChart({
  dates,
  series,
  label,
  dateLabel,
}: {
  dates: string[];
  series: TrendSeries[];
  label: string;
  dateLabel: string;
}) {
  const [ref, width] = useWidth();
  const [hover, setHover] = useState<Hover | null>(null);

  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const yMax = ticks[ticks.length - 1]!;
  const tickLabels = ticks.map((v) => thousands(v));
  // The y labels' column: as wide as the longest label (about 7 px a character at 12 px).
  const left = 12 + 7 * Math.max(...tickLabels.map((l) => l.length));
  const plotWidth = Math.max(0, width - left - RIGHT);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const stepX = dates.length > 1 ? plotWidth / (dates.length - 1) : 0;
  const xAt = (i: number) => left + (dates.length > 1 ? i * stepX : plotWidth / 2);
  const yAt = (v: number) => TOP + plotHeight * (1 - v / yMax);
  const labelEvery = Math.max(1, Math.ceil(DATE_LABEL_PX / (stepX || DATE_LABEL_PX)));

  // The hover read-out: the day nearest the pointer, from the SVG's own coordinates.
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    const index = stepX ? Math.round((x - left) / stepX) : 0;
    const inside =
      y >= TOP &&
      y <= TOP + plotHeight &&
      x >= left - stepX / 2 &&
      x <= left + plotWidth + stepX / 2;
    setHover(inside && index >= 0 && index < dates.length ? { index, x, y } : null);
  };

  const hovered = hover && hover.index < dates.length ? hover : null;
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginBottom: 8 }}>
        {series.map((s, i) => (
          <span
            key={s.name}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12 }}
          >
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 2, background: color(i) }}
            />
            {s.name}
          </span>
        ))}
      </figcaption>
      <div ref={ref} style={{ position: 'relative', width: '100%', height: HEIGHT }}>
        {width > 0 && (
          <svg
            role="img"
            aria-label={label}
            width={width}
            height={HEIGHT}
            style={{ display: 'block', touchAction: 'pan-y' }}
            onPointerMove={onPointerMove}
            onPointerDown={onPointerMove}
            onPointerLeave={() => setHover(null)}
          >
            <g fontSize={12} fill={AXIS_TEXT}>
              {ticks.map((v, i) => (
                <g key={v}>
                  <line
                    x1={left}
                    x2={left + plotWidth}
                    y1={yAt(v)}
                    y2={yAt(v)}
                    stroke={i === 0 ? AXIS_TEXT : GRID_LINE}
                    shapeRendering="crispEdges"
                  />
                  <text x={left - 8} y={yAt(v)} textAnchor="end" dominantBaseline="middle">
                    {tickLabels[i]}
                  </text>
                </g>
              ))}
              {dates.map((d, i) =>
                i % labelEvery === 0 ? (
                  <g key={d}>
                    <line
                      x1={xAt(i)}
                      x2={xAt(i)}
                      y1={TOP + plotHeight}
                      y2={TOP + plotHeight + 5}
                      stroke={AXIS_TEXT}
                    />
                    <text x={xAt(i)} y={TOP + plotHeight + 18} textAnchor="middle">
                      {d.slice(5)}
                    </text>
                  </g>
                ) : null,
              )}
            </g>
            {hovered && (
              <line
                x1={xAt(hovered.index)}
                x2={xAt(hovered.index)}
                y1={TOP}
                y2={TOP + plotHeight}
                stroke="#b6bac4"
                strokeDasharray="4 3"
              />
            )}
            {series.map((s, i) => {
              const points = s.values.map((v, j) => [xAt(j), yAt(v)] as [number, number]);
              return (
                <g key={s.name} stroke={color(i)}>
                  <path d={smoothPath(points)} fill="none" strokeWidth={2} />
                  {points.map(([x, y], j) => (
                    <circle
                      key={dates[j]}
                      cx={x}
                      cy={y}
                      r={hovered?.index === j ? 4.5 : 3}
                      fill="#fff"
                      strokeWidth={2}
                    />
                  ))}
                </g>
              );
            })}
          </svg>
        )}
        {hovered && (
          <div
            aria-hidden
            style={{
              position: 'absolute',
              left: hovered.x + 12,
              top: Math.max(0, hovered.y - 24),
              transform: hovered.x > width / 2 ? 'translateX(calc(-100% - 24px))' : undefined,
              pointerEvents: 'none',
              background: 'rgba(255,255,255,0.96)',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              boxShadow: '0 3px 12px rgba(0,0,0,0.12)',
              padding: '6px 10px',
              fontSize: 12,
              whiteSpace: 'nowrap',
              zIndex: 1,
            }}
          >
            <div style={{ fontWeight: 600, marginBottom: 4 }}>{dates[hovered.index]}</div>
            {series.map((s, i) => (
              <div key={s.name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                <span style={{ width: 8, height: 8, borderRadius: '50%', background: color(i) }} />
                <span style={{ flex: 1 }}>{s.name}</span>
                <strong style={{ marginLeft: 12 }}>{s.values[hovered.index]}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{dateLabel}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((d, row) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[row]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
