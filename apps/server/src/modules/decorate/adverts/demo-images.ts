import {
  Canvas,
  capsule,
  circle,
  hex,
  mix,
  polygon,
  roundRect,
  union,
  type Rgb,
} from '../../../db/demo/raster.js';

/**
 * The demo ad slots' images, drawn here (the demo ships no photographs and the machine that loads
 * it may have no network): a banner in the slot's colours — a diagonal gradient, soft light
 * circles, a heartbeat line across and a motif (a heart, a gift, a play button, a shield) — at
 * the position's own size, as PNG. Edges are anti-aliased (shapes are signed distance functions);
 * the same key always gives the same picture.
 */

export const BANNER_MOTIFS = ['heart', 'gift', 'play', 'shield'] as const;
export type BannerMotif = (typeof BANNER_MOTIFS)[number];

export const BANNER_PALETTES = {
  green: ['#3fb27f', '#1f7a5c'],
  red: ['#f0686c', '#b8324a'],
  orange: ['#ffab4a', '#e2632b'],
  blue: ['#4a90e2', '#2c4fa8'],
  teal: ['#2cb5b5', '#1f6f8b'],
  purple: ['#8c6ade', '#4b3a9c'],
} as const satisfies Record<string, readonly [string, string]>;
export type BannerPalette = keyof typeof BANNER_PALETTES;

const WHITE: Rgb = [255, 255, 255];

/** A heart of size `s` centred on (cx, cy): two lobes and a point. */
function heart(c: Canvas, cx: number, cy: number, s: number, color: Rgb): void {
  const r = s * 0.28;
  c.fill(
    union(
      circle(cx - r * 0.95, cy - s * 0.12, r),
      circle(cx + r * 0.95, cy - s * 0.12, r),
      polygon([
        [cx - r * 1.9, cy - s * 0.1],
        [cx + r * 1.9, cy - s * 0.1],
        [cx, cy + s * 0.5],
      ]),
    ),
    color,
  );
}

function gift(c: Canvas, cx: number, cy: number, s: number, color: Rgb, ribbon: Rgb): void {
  c.fill(
    union(
      roundRect(cx, cy + s * 0.12, s * 0.8, s * 0.56, s * 0.04),
      roundRect(cx, cy - s * 0.2, s * 0.92, s * 0.16, s * 0.04),
    ),
    color,
  );
  c.fill(
    union(
      roundRect(cx, cy + s * 0.04, s * 0.13, s * 0.72, 2),
      circle(cx - s * 0.12, cy - s * 0.36, s * 0.11),
      circle(cx + s * 0.12, cy - s * 0.36, s * 0.11),
    ),
    ribbon,
  );
}

function play(c: Canvas, cx: number, cy: number, s: number, color: Rgb, mark: Rgb): void {
  c.fill(circle(cx, cy, s * 0.45), color);
  c.fill(
    polygon([
      [cx - s * 0.12, cy - s * 0.2],
      [cx + s * 0.22, cy],
      [cx - s * 0.12, cy + s * 0.2],
    ]),
    mark,
  );
}

function shield(c: Canvas, cx: number, cy: number, s: number, color: Rgb, mark: Rgb): void {
  c.fill(
    polygon([
      [cx - s * 0.38, cy - s * 0.4],
      [cx + s * 0.38, cy - s * 0.4],
      [cx + s * 0.38, cy + s * 0.05],
      [cx, cy + s * 0.48],
      [cx - s * 0.38, cy + s * 0.05],
    ]),
    color,
  );
  c.fill(
    union(
      roundRect(cx, cy - s * 0.02, s * 0.12, s * 0.42, 2),
      roundRect(cx, cy - s * 0.02, s * 0.42, s * 0.12, 2),
    ),
    mark,
  );
}

/** A heartbeat line across the banner at height `y`, its beat under `beatX`. */
function pulse(c: Canvas, y: number, beatX: number, s: number, alpha: number): void {
  const pts: [number, number][] = [
    [-10, y],
    [beatX - s * 0.9, y],
    [beatX - s * 0.75, y - s * 0.12],
    [beatX - s * 0.62, y],
    [beatX - s * 0.5, y],
    [beatX - s * 0.4, y + s * 0.16],
    [beatX - s * 0.28, y - s * 0.5],
    [beatX - s * 0.16, y + s * 0.28],
    [beatX - s * 0.06, y],
    [c.width + 10, y],
  ];
  const r = Math.max(2, s * 0.02);
  const segments = pts.slice(1).map(([bx, by], i) => capsule(pts[i]![0], pts[i]![1], bx, by, r));
  c.fill(union(...segments), WHITE, alpha);
}

/** One banner: `width`×`height` px in a palette, with its motif. */
export function drawBanner(
  motif: BannerMotif,
  palette: BannerPalette,
  width: number,
  height: number,
): Buffer {
  const [from, to] = BANNER_PALETTES[palette].map(hex) as [Rgb, Rgb];
  const c = new Canvas(width, height);
  c.gradient(from, to);
  const tall = height > width;
  const u = Math.min(width, height);
  // Soft light circles (fixed places relative to the banner).
  const lights: [number, number, number, number][] = [
    [0.12, 0.2, 0.35, 0.1],
    [0.3, 0.95, 0.5, 0.08],
    [0.55, 0.1, 0.25, 0.07],
    [0.92, 0.85, 0.45, 0.1],
    [0.8, 0.15, 0.18, 0.12],
  ];
  for (const [fx, fy, fr, alpha] of lights) {
    c.fill(circle(width * fx, height * fy, u * fr), WHITE, alpha, u * 0.05);
  }
  const size = tall ? width * 0.5 : Math.min(height * 0.72, width * 0.3);
  const cx = tall ? width / 2 : width * 0.74;
  const cy = tall ? height * 0.4 : height / 2;
  pulse(c, tall ? height * 0.8 : height * 0.62, tall ? width * 0.56 : width * 0.42, size, 0.55);
  // A glow behind the motif.
  c.fill(circle(cx, cy, size * 0.62), WHITE, 0.18, size * 0.12);
  const accent = mix(to, [0, 0, 0], 0.1);
  if (motif === 'heart') heart(c, cx, cy, size, WHITE);
  else if (motif === 'gift') gift(c, cx, cy, size, WHITE, accent);
  else if (motif === 'play') play(c, cx, cy, size, WHITE, accent);
  else shield(c, cx, cy, size, WHITE, accent);
  return c.png();
}
