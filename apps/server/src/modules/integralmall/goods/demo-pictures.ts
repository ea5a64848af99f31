import {
  Canvas as RasterCanvas,
  capsule,
  clamp01,
  ellipse,
  hex,
  mix,
  polygon,
  roundRect,
  type Box,
  type Paint,
  type Rgb,
  type Shape,
} from '../../../db/demo/raster.js';

/**
 * The demo goods' product pictures, drawn here (the demo has no photographs to ship and the
 * machine that loads it may have no network): a studio-style square — a soft backdrop, the
 * product in flat shaded shapes, its shadow on the floor — as PNG. Shapes are signed distance
 * functions, so every edge is anti-aliased; the same goods always get the same picture.
 */

export const PICTURE_SIZE = 480;

/** The pictures are squares of PICTURE_SIZE. */
class Canvas extends RasterCanvas {
  constructor() {
    super(PICTURE_SIZE, PICTURE_SIZE);
  }
}

/** Lit from the top left: lighter at the top of the shape's box, darker at its bottom. */
function shaded(base: Rgb, [, y0, , y1]: Box, depth = 0.18): Paint {
  const light = mix(base, [255, 255, 255], depth);
  const dark = mix(base, [0, 0, 0], depth);
  return (_x, y) => mix(light, dark, clamp01((y - y0) / (y1 - y0 || 1)));
}

/** Fill a shape with its own top-to-bottom shading. */
function solid(canvas: Canvas, shape: [Shape, Box], base: string, depth?: number): void {
  canvas.fill(shape, shaded(hex(base), shape[1], depth));
}

/** A studio backdrop in the category's tint, and the product's shadow on the floor. */
function stage(tint: string, shadowWidth: number, floorY = 400): Canvas {
  const canvas = new Canvas();
  const top = mix(hex(tint), [255, 255, 255], 0.82);
  const bottom = mix(hex(tint), [255, 255, 255], 0.55);
  canvas.fill(roundRect(240, 240, 480, 480, 0), (_x, y) => mix(top, bottom, y / PICTURE_SIZE));
  canvas.fill(ellipse(240, floorY, shadowWidth / 2, 14), [40, 40, 50], 0.28, 18);
  return canvas;
}

/** An LCD with a reading drawn as bars (no font needed: the shapes of digits are enough). */
function lcd(canvas: Canvas, cx: number, cy: number, w: number, h: number, rows: number[]): void {
  solid(canvas, roundRect(cx, cy, w, h, 10), '#2f3b45', 0.1);
  canvas.fill(roundRect(cx, cy, w - 14, h - 14, 6), hex('#c9e8d2'));
  const rowH = (h - 30) / rows.length;
  rows.forEach((share, i) => {
    const y = cy - (h - 30) / 2 + rowH * (i + 0.5);
    const width = (w - 44) * share;
    canvas.fill(roundRect(cx + (w - 44) / 2 - width / 2, y, width, rowH * 0.55, 3), hex('#24413a'));
  });
}

/* ---------------------------------------------------------------- the products */

export type PictureKind =
  | 'bp-monitor'
  | 'oximeter'
  | 'glucose-kit'
  | 'thermometer'
  | 'calcium'
  | 'fish-oil'
  | 'oats'
  | 'pillow'
  | 'pill-box'
  | 'bath-stool'
  | 'ecg-service'
  | 'home-visit';

const DRAW: Record<PictureKind, () => Canvas> = {
  'bp-monitor': () => {
    const c = stage('#3d7be0', 330);
    // The cuff and its tube behind the monitor.
    solid(c, roundRect(330, 300, 150, 170, 40), '#5b6470');
    c.fill(capsule(300, 250, 250, 210, 6), hex('#4a5058'));
    solid(c, roundRect(215, 240, 230, 260, 36), '#f4f6f8', 0.1);
    lcd(c, 215, 195, 170, 120, [0.9, 0.75, 0.45]);
    c.fill(ellipse(215, 320, 30, 30), hex('#2f7de1'));
    c.fill(ellipse(160, 320, 13, 13), hex('#9aa3ad'));
    c.fill(ellipse(270, 320, 13, 13), hex('#9aa3ad'));
    return c;
  },
  oximeter: () => {
    const c = stage('#1fa2a8', 260, 352);
    solid(c, roundRect(240, 255, 250, 170, 70), '#eef2f4', 0.12);
    solid(c, roundRect(240, 215, 250, 90, 45), '#1f8f95');
    c.fill(roundRect(240, 270, 150, 70, 12), hex('#101417'));
    c.fill(roundRect(200, 270, 50, 34, 4), hex('#ffd23f'));
    c.fill(roundRect(270, 270, 50, 34, 4), hex('#4fd1e8'));
    return c;
  },
  'glucose-kit': () => {
    const c = stage('#e0584f', 330);
    solid(c, roundRect(320, 270, 130, 200, 14), '#f7f1e8', 0.1); // the strips' tube
    solid(c, roundRect(320, 190, 136, 40, 12), '#d94b43');
    solid(c, roundRect(190, 260, 150, 230, 50), '#fafbfc', 0.12);
    lcd(c, 190, 225, 110, 90, [0.85, 0.4]);
    c.fill(capsule(190, 150, 190, 118, 7), hex('#e9c46a')); // a strip in the port
    c.fill(ellipse(190, 320, 20, 20), hex('#d94b43'));
    return c;
  },
  thermometer: () => {
    const c = stage('#6c63d9', 300, 372);
    c.fill(capsule(120, 330, 360, 170, 30), shaded(hex('#ffffff'), [0, 140, 0, 360], 0.15));
    c.fill(capsule(330, 190, 372, 162, 12), hex('#b7bcc4')); // the soft tip
    c.fill(roundRect(190, 282, 90, 40, 8), hex('#c9e8d2'));
    c.fill(ellipse(150, 312, 12, 12), hex('#6c63d9'));
    return c;
  },
  calcium: () => {
    const c = stage('#f2a541', 220);
    solid(c, roundRect(240, 270, 170, 230, 30), '#ffffff', 0.12);
    solid(c, roundRect(240, 150, 130, 50, 10), '#f2a541');
    c.fill(roundRect(240, 285, 170, 110, 0), hex('#f2a541'));
    c.fill(ellipse(240, 285, 38, 38), hex('#ffffff'));
    c.fill(ellipse(240, 285, 26, 26), hex('#f7c873'));
    return c;
  },
  'fish-oil': () => {
    const c = stage('#e9a23b', 300);
    solid(c, roundRect(210, 260, 160, 240, 34), '#a85d12', 0.2);
    solid(c, roundRect(210, 132, 120, 46, 10), '#f4f4f4');
    c.fill(roundRect(210, 275, 160, 100, 0), hex('#234e70'));
    c.fill(ellipse(210, 275, 40, 22), hex('#f6c453'));
    for (const [x, y, a] of [
      [345, 365, 0.4],
      [385, 345, -0.3],
      [360, 330, 0.1],
    ] as const) {
      const dx = Math.cos(a) * 22;
      const dy = Math.sin(a) * 22;
      c.fill(
        capsule(x - dx, y - dy, x + dx, y + dy, 14),
        shaded(hex('#f0a81c'), [0, y - 14, 0, y + 14], 0.3),
      );
    }
    return c;
  },
  oats: () => {
    const c = stage('#8bb174', 260);
    solid(
      c,
      polygon([
        [150, 130],
        [330, 130],
        [350, 400],
        [130, 400],
      ]),
      '#e8d9b5',
      0.12,
    );
    c.fill(roundRect(240, 130, 190, 24, 6), hex('#6f9a55'));
    c.fill(ellipse(240, 270, 62, 62), hex('#ffffff'));
    for (let i = 0; i < 9; i++) {
      const a = (i / 9) * Math.PI * 2;
      c.fill(ellipse(240 + Math.cos(a) * 30, 270 + Math.sin(a) * 30, 12, 7), hex('#d3b37a'));
    }
    return c;
  },
  pillow: () => {
    const c = stage('#7aa6c2', 360);
    solid(c, roundRect(240, 300, 340, 150, 70), '#f1f5f8', 0.14);
    solid(c, ellipse(150, 270, 70, 50), '#f7fafc', 0.1);
    solid(c, ellipse(330, 270, 70, 50), '#f7fafc', 0.1);
    c.fill(capsule(130, 330, 350, 330, 3), hex('#c4d4df'));
    return c;
  },
  'pill-box': () => {
    const c = stage('#9b7ede', 380);
    solid(c, roundRect(240, 290, 380, 130, 18), '#fdfdfd', 0.12);
    const colours = ['#e76f51', '#f4a261', '#e9c46a', '#2a9d8f', '#3d7be0', '#9b7ede', '#e05d8f'];
    colours.forEach((colour, i) => {
      solid(c, roundRect(82 + i * 52.5, 262, 44, 54, 8), colour, 0.15);
    });
    for (let i = 0; i < 7; i++) c.fill(ellipse(82 + i * 52.5, 318, 8, 8), hex('#bfc5cc'));
    return c;
  },
  'bath-stool': () => {
    const c = stage('#4f9d8d', 280);
    for (const [ax, bx] of [
      [170, 140],
      [310, 340],
    ] as const) {
      c.fill(capsule(ax, 230, bx, 395, 9), hex('#b8c0c8'));
      c.fill(ellipse(bx, 398, 16, 7), hex('#3c4148'));
    }
    c.fill(capsule(160, 320, 320, 320, 6), hex('#a4adb6'));
    solid(c, roundRect(240, 215, 250, 46, 22), '#eaf4f1', 0.1);
    for (let i = 0; i < 5; i++) c.fill(ellipse(160 + i * 40, 212, 9, 5), hex('#b9d8cf'));
    return c;
  },
  'ecg-service': () => {
    const c = stage('#e05d6f', 300);
    solid(c, roundRect(240, 250, 300, 220, 26), '#ffffff', 0.08);
    // Heart, top left of the card.
    c.fill(ellipse(140, 170, 18, 18), hex('#e05d6f'));
    c.fill(ellipse(166, 170, 18, 18), hex('#e05d6f'));
    c.fill(
      polygon([
        [123, 176],
        [183, 176],
        [153, 208],
      ]),
      hex('#e05d6f'),
    );
    // A beat on ECG paper.
    const trace: [number, number][] = [
      [110, 280],
      [170, 280],
      [185, 268],
      [200, 280],
      [215, 280],
      [225, 295],
      [240, 210],
      [255, 310],
      [268, 280],
      [300, 280],
      [320, 262],
      [340, 280],
      [370, 280],
    ];
    for (let x = 110; x <= 370; x += 20) c.fill(capsule(x, 225, x, 320, 0.6), hex('#f4b6bf'));
    for (let i = 0; i < trace.length - 1; i++) {
      const [ax, ay] = trace[i]!;
      const [bx, by] = trace[i + 1]!;
      c.fill(capsule(ax, ay, bx, by, 3.5), hex('#c81e3a'));
    }
    return c;
  },
  'home-visit': () => {
    const c = stage('#3a9d5d', 320);
    solid(c, roundRect(240, 300, 230, 180, 8), '#fbfbf7', 0.1);
    solid(
      c,
      polygon([
        [240, 110],
        [375, 225],
        [105, 225],
      ]),
      '#3a9d5d',
      0.15,
    );
    c.fill(roundRect(240, 300, 26, 86, 4), hex('#e05d6f'));
    c.fill(roundRect(240, 300, 86, 26, 4), hex('#e05d6f'));
    solid(c, roundRect(320, 355, 44, 90, 6), '#c79a63');
    return c;
  },
};

const drawn = new Map<PictureKind, Buffer>();

/** The PNG of one product picture (drawn once a process: ~50 ms each). */
export function drawProductPicture(kind: PictureKind): Buffer {
  let png = drawn.get(kind);
  if (!png) {
    png = DRAW[kind]().png();
    drawn.set(kind, png);
  }
  return png;
}
