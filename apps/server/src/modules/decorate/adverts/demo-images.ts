import { PNG } from 'pngjs';

/**
 * The demo ad slots' images, drawn here (the demo ships no photographs and the machine that loads
 * it may have no network): a banner in the slot's colours — a diagonal gradient, soft light
 * circles, a heartbeat line across and a motif (a heart, a gift, a play button, a shield) — at
 * the position's own size, as PNG. Edges are anti-aliased (shapes are signed distance functions);
 * the same key always gives the same picture.
 */

type Rgb = readonly [number, number, number];
/** Distance from a point to the shape's edge: negative inside. */
type Shape = (x: number, y: number) => number;
type Box = readonly [x0: number, y0: number, x1: number, y1: number];

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

const hex = (h: string): Rgb => [
  parseInt(h.slice(1, 3), 16),
  parseInt(h.slice(3, 5), 16),
  parseInt(h.slice(5, 7), 16),
];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const WHITE: Rgb = [255, 255, 255];

function circle(cx: number, cy: number, r: number): [Shape, Box] {
  return [(x, y) => Math.hypot(x - cx, y - cy) - r, [cx - r, cy - r, cx + r, cy + r]];
}

function roundRect(cx: number, cy: number, w: number, h: number, r: number): [Shape, Box] {
  const hw = w / 2;
  const hh = h / 2;
  return [
    (x, y) => {
      const qx = Math.abs(x - cx) - hw + r;
      const qy = Math.abs(y - cy) - hh + r;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    },
    [cx - hw, cy - hh, cx + hw, cy + hh],
  ];
}

/** A line of width `2r` with round ends. */
function capsule(ax: number, ay: number, bx: number, by: number, r: number): [Shape, Box] {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  return [
    (x, y) => {
      const t = clamp01(((x - ax) * dx + (y - ay) * dy) / len2);
      return Math.hypot(x - ax - t * dx, y - ay - t * dy) - r;
    },
    [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
  ];
}

/** A convex polygon, corners clockwise on screen. */
function polygon(points: readonly (readonly [number, number])[]): [Shape, Box] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [
    (x, y) => {
      let d = -Infinity;
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i]!;
        const [bx, by] = points[(i + 1) % points.length]!;
        const nx = by - ay;
        const ny = ax - bx;
        d = Math.max(d, ((x - ax) * nx + (y - ay) * ny) / Math.hypot(nx, ny));
      }
      return d;
    },
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  ];
}

/** Several shapes as one (painted once: no seams where they meet). */
function union(...parts: [Shape, Box][]): [Shape, Box] {
  return [
    (x, y) => {
      let d = Infinity;
      for (const [shape] of parts) d = Math.min(d, shape(x, y));
      return d;
    },
    [
      Math.min(...parts.map((p) => p[1][0])),
      Math.min(...parts.map((p) => p[1][1])),
      Math.max(...parts.map((p) => p[1][2])),
      Math.max(...parts.map((p) => p[1][3])),
    ],
  ];
}

class Canvas {
  readonly rgb: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Float32Array(width * height * 3);
  }

  /** A diagonal gradient from `from` (top left) to `to` (bottom right). */
  gradient(from: Rgb, to: Rgb): void {
    const span = this.width + this.height;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const c = mix(from, to, (x + y) / span);
        const i = (y * this.width + x) * 3;
        this.rgb[i] = c[0];
        this.rgb[i + 1] = c[1];
        this.rgb[i + 2] = c[2];
      }
    }
  }

  /** Paint `shape` (`soft`: the width of its blurred edge, for glows). */
  fill([shape, box]: [Shape, Box], color: Rgb, alpha = 1, soft = 1): void {
    const pad = soft + 1;
    const x0 = Math.max(0, Math.floor(box[0] - pad));
    const y0 = Math.max(0, Math.floor(box[1] - pad));
    const x1 = Math.min(this.width, Math.ceil(box[2] + pad));
    const y1 = Math.min(this.height, Math.ceil(box[3] + pad));
    const { rgb } = this;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const cover = clamp01(0.5 - shape(x + 0.5, y + 0.5) / soft) * alpha;
        if (cover <= 0) continue;
        const i = (y * this.width + x) * 3;
        rgb[i] = rgb[i]! + (color[0] - rgb[i]!) * cover;
        rgb[i + 1] = rgb[i + 1]! + (color[1] - rgb[i + 1]!) * cover;
        rgb[i + 2] = rgb[i + 2]! + (color[2] - rgb[i + 2]!) * cover;
      }
    }
  }

  png(): Buffer {
    const { width, height } = this;
    const png = new PNG({ width, height, colorType: 2 });
    for (let p = 0; p < width * height; p++) {
      png.data[p * 4] = Math.round(this.rgb[p * 3]!);
      png.data[p * 4 + 1] = Math.round(this.rgb[p * 3 + 1]!);
      png.data[p * 4 + 2] = Math.round(this.rgb[p * 3 + 2]!);
      png.data[p * 4 + 3] = 255;
    }
    return PNG.sync.write(png, { colorType: 2 });
  }
}

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
