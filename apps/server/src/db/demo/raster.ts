import { PNG } from 'pngjs';

/**
 * The drawing of the demo data's pictures (goods, ad slots, video covers, page icons): the demo
 * ships no photographs and the machine that loads it may have no network. Shapes are signed
 * distance functions, so every edge is anti-aliased; the same call always gives the same bytes.
 */

export type Rgb = readonly [number, number, number];
/** A colour, or one that varies over the picture (gradients, shading). */
export type Paint = Rgb | ((x: number, y: number) => Rgb);
/** Distance from a point to the shape's edge: negative inside. */
export type Shape = (x: number, y: number) => number;
export type Box = readonly [x0: number, y0: number, x1: number, y1: number];

export const hex = (h: string): Rgb => [
  parseInt(h.slice(1, 3), 16),
  parseInt(h.slice(3, 5), 16),
  parseInt(h.slice(5, 7), 16),
];
export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/* ---------------------------------------------------------------- shapes */

export function circle(cx: number, cy: number, r: number): [Shape, Box] {
  return [(x, y) => Math.hypot(x - cx, y - cy) - r, [cx - r, cy - r, cx + r, cy + r]];
}

export function roundRect(cx: number, cy: number, w: number, h: number, r: number): [Shape, Box] {
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
export function capsule(ax: number, ay: number, bx: number, by: number, r: number): [Shape, Box] {
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
export function polygon(points: readonly (readonly [number, number])[]): [Shape, Box] {
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
export function union(...parts: [Shape, Box][]): [Shape, Box] {
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

export function ellipse(cx: number, cy: number, rx: number, ry: number): [Shape, Box] {
  const m = Math.min(rx, ry);
  return [
    (x, y) => (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * m,
    [cx - rx, cy - ry, cx + rx, cy + ry],
  ];
}

/* ---------------------------------------------------------------- the canvas */

export class Canvas {
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

  /** Paint `shape` (`soft`: the width of its blurred edge, for shadows and glows). */
  fill([shape, box]: [Shape, Box], paint: Paint, alpha = 1, soft = 1): void {
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
        const c = typeof paint === 'function' ? paint(x, y) : paint;
        const i = (y * this.width + x) * 3;
        rgb[i] = rgb[i]! + (c[0] - rgb[i]!) * cover;
        rgb[i + 1] = rgb[i + 1]! + (c[1] - rgb[i + 1]!) * cover;
        rgb[i + 2] = rgb[i + 2]! + (c[2] - rgb[i + 2]!) * cover;
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
