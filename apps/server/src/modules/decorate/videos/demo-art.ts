import { PNG } from 'pngjs';
import type { VideoCategory } from '@health/contract';
import {
  capsule as capsuleOf,
  circle as circleOf,
  clamp01,
  hex,
  mix,
  roundRect as roundRectOf,
  type Rgb,
  type Shape,
} from '../../../db/demo/raster.js';
import { writeMp4 } from './mp4-writer.js';

/**
 * The demo health videos' pictures, drawn here (the demo has no footage to ship and the machine
 * that loads it may have no network): per category a flat illustration on a coloured backdrop —
 * the cover as a 640×360 PNG, and the video as the same picture at 320×180 with a progress bar
 * that fills over its duration (an MP4 any browser plays, see mp4-writer.ts). Shapes are signed
 * distance functions, so every edge is anti-aliased; the same video always gets the same picture.
 */

/* The shapes, as distances only (this picture clips by its own boxes). */
const circle = (cx: number, cy: number, r: number): Shape => circleOf(cx, cy, r)[0];
const roundRect = (cx: number, cy: number, w: number, h: number, r: number): Shape =>
  roundRectOf(cx, cy, w, h, r)[0];
/** A line of width 2r with round ends. */
const capsule = (ax: number, ay: number, bx: number, by: number, r: number): Shape =>
  capsuleOf(ax, ay, bx, by, r)[0];

const intersect =
  (a: Shape, b: Shape): Shape =>
  (x, y) =>
    Math.max(a(x, y), b(x, y));

/** A heart about 1.1s tall and wide whose point is at (cx, tipY) (Inigo Quilez's heart SDF). */
function heart(cx: number, tipY: number, size: number): Shape {
  return (x, y) => {
    const px = Math.abs(x - cx) / size;
    const py = (tipY - y) / size;
    if (px + py > 1) return (Math.hypot(px - 0.25, py - 0.75) - Math.SQRT2 / 4) * size;
    const m = 0.5 * Math.max(px + py, 0);
    const d = Math.sqrt(Math.min(px * px + (py - 1) ** 2, (px - m) ** 2 + (py - m) ** 2));
    return d * Math.sign(px - py) * size;
  };
}

/** An RGB picture in a 640×360 design space, drawn at `scale`. */
class Picture {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;

  constructor(private readonly scale: number) {
    this.width = Math.round(640 * scale);
    this.height = Math.round(360 * scale);
    this.rgb = new Uint8Array(this.width * this.height * 3);
  }

  backdrop(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const c = mix(top, bottom, y / (this.height - 1));
      for (let x = 0; x < this.width; x++) this.put(x, y, c, 1);
    }
  }

  /** Fill a shape (design-space coordinates) with a colour at `alpha`. */
  fill(shape: Shape, color: Rgb, alpha = 1, box?: readonly [number, number, number, number]): void {
    const s = this.scale;
    const [x0, y0, x1, y1] = box ?? [0, 0, 640, 360];
    for (
      let py = Math.max(0, Math.floor(y0 * s));
      py < Math.min(this.height, Math.ceil(y1 * s));
      py++
    ) {
      for (
        let px = Math.max(0, Math.floor(x0 * s));
        px < Math.min(this.width, Math.ceil(x1 * s));
        px++
      ) {
        // Distance in pixels of this picture: a one-pixel soft edge at any scale.
        const d = shape((px + 0.5) / s, (py + 0.5) / s) * s;
        const cover = clamp01(0.5 - d);
        if (cover > 0) this.put(px, py, color, cover * alpha);
      }
    }
  }

  private put(x: number, y: number, c: Rgb, a: number): void {
    const i = (y * this.width + x) * 3;
    for (let k = 0; k < 3; k++)
      this.rgb[i + k] = Math.round(this.rgb[i + k]! * (1 - a) + c[k]! * a);
  }

  png(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    for (let i = 0, j = 0; i < this.rgb.length; i += 3, j += 4) {
      png.data[j] = this.rgb[i]!;
      png.data[j + 1] = this.rgb[i + 1]!;
      png.data[j + 2] = this.rgb[i + 2]!;
      png.data[j + 3] = 255;
    }
    return PNG.sync.write(png);
  }
}

const WHITE: Rgb = [255, 255, 255];

/** The backdrop colours of each category (top, bottom), shifted a little per video. */
const PALETTE: Record<VideoCategory, [string, string]> = {
  chronic: ['#2f9e8f', '#1f6f78'],
  heart: ['#e0606f', '#a8324a'],
  diet: ['#6cb35a', '#3f8a47'],
  exercise: ['#f29a3b', '#cf6a2a'],
  medication: ['#5b7fdb', '#3b56a8'],
};

/** Soft circles behind the subject (a different arrangement per variant). */
function bubbles(p: Picture, variant: number): void {
  const spots = [
    [90, 70, 60],
    [560, 300, 90],
    [520, 60, 40],
    [120, 320, 50],
  ] as const;
  for (const [i, [x, y, r]] of spots.entries()) {
    const dx = ((variant * 37 + i * 53) % 60) - 30;
    p.fill(circle(x + dx, y, r), WHITE, 0.08);
  }
}

function drawScene(p: Picture, category: VideoCategory, variant: number): void {
  const [top, bottom] = PALETTE[category].map(hex) as [Rgb, Rgb];
  const shift = (variant % 3) * 0.08;
  p.backdrop(mix(top, WHITE, shift), bottom);
  bubbles(p, variant);
  // A white card the subject stands on.
  p.fill(roundRect(320, 180, 300, 220, 28), WHITE, 0.95, [160, 60, 480, 300]);
  const accent = bottom;
  switch (category) {
    case 'heart': {
      p.fill(heart(320, 205, 100), hex('#e0606f'), 1, [250, 90, 390, 215]);
      const trace: [number, number][] = [
        [200, 235],
        [270, 235],
        [285, 220],
        [300, 235],
        [312, 235],
        [322, 250],
        [336, 195],
        [350, 262],
        [362, 235],
        [380, 235],
        [398, 222],
        [416, 235],
        [440, 235],
      ];
      for (let i = 0; i < trace.length - 1; i++) {
        const [ax, ay] = trace[i]!;
        const [bx, by] = trace[i + 1]!;
        p.fill(capsule(ax, ay, bx, by, 3.5), accent, 1, [190, 185, 450, 275]);
      }
      break;
    }
    case 'chronic': {
      // A blood-pressure cuff's gauge and a medical cross.
      p.fill(circle(270, 180, 58), hex('#e8f4f2'), 1, [205, 115, 335, 245]);
      p.fill(
        intersect(circle(270, 180, 58), (x, y) => -(Math.hypot(x - 270, y - 180) - 50)),
        accent,
        1,
        [205, 115, 335, 245],
      );
      p.fill(capsule(270, 180, 300, 150, 4), accent, 1, [260, 140, 310, 190]);
      p.fill(circle(270, 180, 8), accent, 1, [255, 165, 285, 195]);
      p.fill(roundRect(395, 180, 22, 78, 5), hex('#e0606f'), 1, [380, 135, 410, 225]);
      p.fill(roundRect(395, 180, 78, 22, 5), hex('#e0606f'), 1, [350, 165, 440, 195]);
      break;
    }
    case 'diet': {
      // A bowl with greens.
      p.fill(circle(300, 150, 30), hex('#8bc34a'), 1, [265, 115, 335, 185]);
      p.fill(circle(345, 140, 34), hex('#6cb35a'), 1, [305, 100, 385, 180]);
      p.fill(circle(280, 168, 18), hex('#f2b134'), 1, [258, 146, 302, 190]);
      p.fill(
        intersect(circle(320, 165, 90), (x, y) => 165 - y),
        accent,
        1,
        [225, 160, 415, 260],
      );
      p.fill(roundRect(320, 262, 90, 12, 6), accent, 1, [270, 250, 370, 275]);
      break;
    }
    case 'exercise': {
      // A dumbbell.
      p.fill(capsule(250, 180, 390, 180, 9), hex('#8a8f98'), 1, [235, 165, 405, 195]);
      for (const x of [245, 395]) {
        p.fill(roundRect(x, 180, 26, 96, 8), accent, 1, [x - 15, 130, x + 15, 230]);
        p.fill(roundRect(x + (x < 320 ? 26 : -26), 180, 20, 70, 6), accent, 1, [
          x - 45,
          140,
          x + 45,
          220,
        ]);
      }
      break;
    }
    case 'medication': {
      // A two-colour capsule and a round tablet.
      const pill = capsule(260, 210, 360, 150, 28);
      p.fill(pill, hex('#5b7fdb'), 1, [225, 115, 395, 245]);
      p.fill(
        intersect(pill, (x, y) => (x - 310) * 0.6 + (y - 180)),
        hex('#f3c14b'),
        1,
        [225, 115, 395, 245],
      );
      p.fill(circle(400, 222, 30), hex('#c9d5f2'), 1, [365, 187, 435, 257]);
      p.fill(capsule(385, 222, 415, 222, 3), hex('#8fa3d9'), 1, [378, 214, 422, 230]);
      break;
    }
  }
}

/** Drawn once a process (tests build many apps on the demo data). */
const drawn = new Map<string, Buffer>();
function once(name: string, draw: () => Buffer): Buffer {
  let out = drawn.get(name);
  if (!out) {
    out = draw();
    drawn.set(name, out);
  }
  return out;
}

/** The cover of a demo video: 640×360 PNG. */
export function drawVideoCover(category: VideoCategory, variant: number): Buffer {
  return once(`cover ${category} ${variant}`, () => {
    const p = new Picture(1);
    drawScene(p, category, variant);
    return p.png();
  });
}

/** The track and bar of the progress line, in the video's pixels. */
const BAR = { height: 6, margin: 12, bottom: 12 } as const;

/**
 * The demo video itself: its cover's picture at 320×180, one frame a second, with a progress bar
 * filling over `durationS` seconds.
 */
export function drawVideoMp4(category: VideoCategory, variant: number, durationS: number): Buffer {
  return once(`video ${category} ${variant} ${durationS}`, () =>
    encodeVideo(category, variant, durationS),
  );
}

function encodeVideo(category: VideoCategory, variant: number, durationS: number): Buffer {
  const p = new Picture(0.5);
  drawScene(p, category, variant);
  const still = p.rgb;
  const frame = new Uint8Array(still.length);
  const { width, height } = p;
  const y0 = height - BAR.bottom - BAR.height;
  const trackWidth = width - 2 * BAR.margin;
  return writeMp4({
    width,
    height,
    fps: 1,
    frameCount: durationS,
    // A full frame every five minutes: the frames between are a few macroblocks each.
    keyframeEvery: 300,
    frame: (i) => {
      frame.set(still);
      const filled = Math.round((trackWidth * (i + 1)) / durationS);
      for (let y = y0; y < y0 + BAR.height; y++) {
        for (let x = BAR.margin; x < BAR.margin + trackWidth; x++) {
          const o = (y * width + x) * 3;
          const a = x - BAR.margin < filled ? 0.95 : 0.35;
          for (let k = 0; k < 3; k++) frame[o + k] = Math.round(frame[o + k]! * (1 - a) + 255 * a);
        }
      }
      return frame;
    },
  });
}
