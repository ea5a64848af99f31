/**
 * A small MP4 writer for pictures drawn in code (the demo's health videos, test fixtures): H.264
 * Constrained Baseline with no transform at all — every changed macroblock is sent as raw samples
 * (I_PCM), every unchanged one is skipped (P_Skip, a copy of the previous frame) — in an ISO MP4
 * with the movie box first (fast start). Any H.264 decoder plays it; a mostly still picture (a
 * title card with a moving progress bar) costs its first frame plus a few macroblocks a frame.
 *
 * References: ITU-T H.264 §7.3 (syntax), ISO/IEC 14496-12 (boxes) and 14496-15 (avcC).
 */

/** A frame as RGB bytes, row by row (width × height × 3). */
export type RgbFrame = Uint8Array;

export interface Mp4VideoSpec {
  width: number;
  height: number;
  /** Frames per second (whole). */
  fps: number;
  frameCount: number;
  /** The picture of frame `i` (0-based). */
  frame: (i: number) => RgbFrame;
  /** A full (IDR) frame every so many frames, for seeking (default: every 10 seconds). */
  keyframeEvery?: number;
}

const MB = 16;

/* ---------------------------------------------------------------- bits */

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bit(b: number): void {
    this.current = (this.current << 1) | (b & 1);
    if (++this.used === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.used = 0;
    }
  }

  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }

  /** Unsigned Exp-Golomb (ue(v)). */
  ue(value: number): void {
    const v = value + 1;
    const length = 32 - Math.clz32(v);
    this.bits(0, length - 1);
    this.bits(v, length);
  }

  /** Signed Exp-Golomb (se(v)). */
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  get aligned(): boolean {
    return this.used === 0;
  }

  alignZero(): void {
    while (this.used !== 0) this.bit(0);
  }

  byte(value: number): void {
    if (this.used === 0) this.bytes.push(value & 0xff);
    else this.bits(value & 0xff, 8);
  }

  /** rbsp_trailing_bits: a one, then zeros to the byte boundary. */
  trailing(): number[] {
    this.bit(1);
    this.alignZero();
    return this.bytes;
  }
}

/** A NAL unit: its header byte and the payload with emulation prevention (00 00 0x → 00 00 03 0x). */
function nal(refIdc: number, type: number, rbsp: number[]): Buffer {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

/* ---------------------------------------------------------------- H.264 */

const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline ("avc1.42C01E"). */
const CONSTRAINTS = 0xc0;
const LEVEL_3_0 = 30;
const LOG2_MAX_FRAME_NUM = 4;

interface Geometry {
  width: number;
  height: number;
  mbWidth: number;
  mbHeight: number;
}

function sps(g: Geometry): Buffer {
  const w = new BitWriter();
  w.bits(PROFILE_BASELINE, 8);
  w.bits(CONSTRAINTS, 8);
  w.bits(LEVEL_3_0, 8);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type: output order = decoding order
  w.ue(1); // max_num_ref_frames
  w.bit(0); // gaps_in_frame_num_value_allowed_flag
  w.ue(g.mbWidth - 1);
  w.ue(g.mbHeight - 1);
  w.bit(1); // frame_mbs_only_flag
  w.bit(1); // direct_8x8_inference_flag
  const cropRight = (g.mbWidth * MB - g.width) / 2;
  const cropBottom = (g.mbHeight * MB - g.height) / 2;
  const crop = cropRight > 0 || cropBottom > 0;
  w.bit(crop ? 1 : 0);
  if (crop) {
    w.ue(0);
    w.ue(cropRight);
    w.ue(0);
    w.ue(cropBottom);
  }
  w.bit(0); // vui_parameters_present_flag
  return nal(3, 7, w.trailing());
}

function pps(): Buffer {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.bit(0); // entropy_coding_mode_flag: CAVLC
  w.bit(0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.bit(0); // weighted_pred_flag
  w.bits(0, 2); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.bit(1); // deblocking_filter_control_present_flag
  w.bit(0); // constrained_intra_pred_flag
  w.bit(0); // redundant_pic_cnt_present_flag
  return nal(3, 8, w.trailing());
}

/** One macroblock as 4:2:0 samples: 256 luma, 64 Cb, 64 Cr (BT.601, limited range). */
type Macroblock = Uint8Array;

/** Whether the RGB of macroblock (mx, my) is the same in both frames. */
function sameRgb(a: RgbFrame, b: RgbFrame, g: Geometry, mx: number, my: number): boolean {
  const x0 = mx * MB;
  const x1 = Math.min(x0 + MB, g.width);
  for (let y = my * MB; y < Math.min(my * MB + MB, g.height); y++) {
    const from = (y * g.width + x0) * 3;
    const to = (y * g.width + x1) * 3;
    for (let i = from; i < to; i++) if (a[i] !== b[i]) return false;
  }
  return true;
}

/**
 * The frame's macroblocks. Where the previous frame's RGB is the same, its macroblock object is
 * kept (so "unchanged" is `===`, and only changed blocks are converted).
 */
function macroblocksOf(
  rgb: RgbFrame,
  g: Geometry,
  previous?: { rgb: RgbFrame; blocks: Macroblock[] },
): Macroblock[] {
  const out: Macroblock[] = [];
  const at = (x: number, y: number) => {
    // Edge pixels repeat into the padding below and right of the picture.
    const cx = Math.min(x, g.width - 1);
    const cy = Math.min(y, g.height - 1);
    const i = (cy * g.width + cx) * 3;
    return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!] as const;
  };
  // Samples of 0 were forbidden in I_PCM by the first edition: keep them 1..255.
  const sample = (v: number) => Math.min(255, Math.max(1, Math.round(v)));
  for (let my = 0; my < g.mbHeight; my++) {
    for (let mx = 0; mx < g.mbWidth; mx++) {
      if (previous && sameRgb(rgb, previous.rgb, g, mx, my)) {
        out.push(previous.blocks[out.length]!);
        continue;
      }
      const mb = new Uint8Array(384);
      for (let y = 0; y < MB; y++) {
        for (let x = 0; x < MB; x++) {
          const [r, gg, b] = at(mx * MB + x, my * MB + y);
          mb[y * MB + x] = sample(16 + 0.257 * r + 0.504 * gg + 0.098 * b);
        }
      }
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          let cb = 0;
          let cr = 0;
          for (const [dx, dy] of [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ] as const) {
            const [r, gg, b] = at(mx * MB + 2 * x + dx, my * MB + 2 * y + dy);
            cb += -0.148 * r - 0.291 * gg + 0.439 * b + 128;
            cr += 0.439 * r - 0.368 * gg - 0.071 * b + 128;
          }
          mb[256 + y * 8 + x] = sample(cb / 4);
          mb[320 + y * 8 + x] = sample(cr / 4);
        }
      }
      out.push(mb);
    }
  }
  return out;
}

const I_PCM_IN_I_SLICE = 25;
/** Intra macroblock types follow the 5 inter ones in a P slice. */
const I_PCM_IN_P_SLICE = 5 + I_PCM_IN_I_SLICE;

function pcm(w: BitWriter, mb: Macroblock): void {
  w.alignZero(); // pcm_alignment_zero_bit
  for (const v of mb) w.byte(v);
}

/** An IDR frame: every macroblock raw. */
function idrSlice(blocks: Macroblock[], idrPicId: number): Buffer {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(7); // slice_type: I (every slice of the picture)
  w.ue(0); // pic_parameter_set_id
  w.bits(0, LOG2_MAX_FRAME_NUM); // frame_num
  w.ue(idrPicId);
  w.bit(0); // no_output_of_prior_pics_flag
  w.bit(0); // long_term_reference_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc: off
  for (const mb of blocks) {
    w.ue(I_PCM_IN_I_SLICE);
    pcm(w, mb);
  }
  return nal(3, 5, w.trailing());
}

/** A P frame: the changed macroblocks raw, the others skipped (copied from the previous frame). */
function pSlice(blocks: Macroblock[], previous: Macroblock[], frameNum: number): Buffer {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(5); // slice_type: P (every slice of the picture)
  w.ue(0); // pic_parameter_set_id
  w.bits(frameNum, LOG2_MAX_FRAME_NUM);
  w.bit(0); // num_ref_idx_active_override_flag
  w.bit(0); // ref_pic_list_modification_flag_l0
  w.bit(0); // adaptive_ref_pic_marking_mode_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc: off
  let skipped = 0;
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i] === previous[i]) {
      skipped++;
      continue;
    }
    w.ue(skipped); // mb_skip_run
    skipped = 0;
    w.ue(I_PCM_IN_P_SLICE);
    pcm(w, blocks[i]!);
  }
  if (skipped > 0) w.ue(skipped);
  return nal(3, 1, w.trailing());
}

/* ---------------------------------------------------------------- MP4 boxes */

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, vf, ...parts);
}

function u32s(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}

function u16s(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16BE(v & 0xffff, i * 2));
  return b;
}

const UNITY_MATRIX = u32s(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);
/** mvhd's timescale: milliseconds. */
const MOVIE_TIMESCALE = 1000;

function avcC(spsNal: Buffer, ppsNal: Buffer): Buffer {
  return box(
    'avcC',
    Buffer.from([1, PROFILE_BASELINE, CONSTRAINTS, LEVEL_3_0, 0xff, 0xe1]),
    u16s(spsNal.length),
    spsNal,
    Buffer.from([1]),
    u16s(ppsNal.length),
    ppsNal,
  );
}

function avc1(g: Geometry, config: Buffer): Buffer {
  const compressor = Buffer.alloc(32);
  return box(
    'avc1',
    Buffer.alloc(6), // reserved
    u16s(1), // data_reference_index
    Buffer.alloc(16), // pre_defined, reserved
    u16s(g.width, g.height),
    u32s(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16s(1), // frame_count
    compressor,
    u16s(0x0018, 0xffff), // depth, pre_defined = -1
    config,
  );
}

/**
 * Write an MP4 of `spec.frameCount` frames. Its movie header says the duration in milliseconds
 * (what an upload's duration is read from).
 */
export function writeMp4(spec: Mp4VideoSpec): Buffer {
  const { width, height, fps, frameCount } = spec;
  if (width % 2 || height % 2 || width < MB || height < MB) {
    throw new Error('writeMp4: width and height must be even and at least 16');
  }
  if (!Number.isInteger(fps) || fps < 1 || frameCount < 1) {
    throw new Error('writeMp4: fps and frameCount must be positive integers');
  }
  const g: Geometry = {
    width,
    height,
    mbWidth: Math.ceil(width / MB),
    mbHeight: Math.ceil(height / MB),
  };
  const keyEvery = spec.keyframeEvery ?? fps * 10;

  const samples: Buffer[] = [];
  const sync: number[] = [];
  let previous: { rgb: RgbFrame; blocks: Macroblock[] } | undefined;
  let frameNum = 0;
  let idrs = 0;
  for (let i = 0; i < frameCount; i++) {
    const rgb = spec.frame(i);
    if (rgb.length !== width * height * 3) throw new Error('writeMp4: a frame of the wrong size');
    const blocks = macroblocksOf(rgb, g, previous);
    let slice: Buffer;
    if (i % keyEvery === 0) {
      slice = idrSlice(blocks, idrs++ % 2);
      frameNum = 0;
      sync.push(i + 1);
    } else {
      frameNum = (frameNum + 1) % (1 << LOG2_MAX_FRAME_NUM);
      slice = pSlice(blocks, previous!.blocks, frameNum);
    }
    // The caller may draw the next frame into the same buffer: keep a copy.
    previous = { rgb: Uint8Array.from(rgb), blocks };
    samples.push(Buffer.concat([u32s(slice.length), slice]));
  }

  // Track timescale: frames per second times 1000 keeps every frame's delta whole.
  const trackTimescale = fps * 1000;
  const delta = 1000;
  const trackDuration = frameCount * delta;
  const movieDuration = Math.round((frameCount * MOVIE_TIMESCALE) / fps);

  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32s(1), avc1(g, avcC(sps(g), pps()))),
      fullBox('stts', 0, 0, u32s(1, frameCount, delta)),
      fullBox('stss', 0, 0, u32s(sync.length, ...sync)),
      fullBox('stsc', 0, 0, u32s(1, 1, frameCount, 1)),
      fullBox('stsz', 0, 0, u32s(0, frameCount, ...samples.map((s) => s.length))),
      fullBox('stco', 0, 0, u32s(1, chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32s(0, 0, MOVIE_TIMESCALE, movieDuration, 0x00010000),
        u16s(0x0100, 0),
        u32s(0, 0),
        UNITY_MATRIX,
        u32s(0, 0, 0, 0, 0, 0, 2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3, // enabled, in movie
          u32s(0, 0, 1, 0, movieDuration, 0, 0),
          u16s(0, 0, 0, 0), // layer, alternate_group, volume, reserved
          UNITY_MATRIX,
          u32s(width * 0x10000, height * 0x10000),
        ),
        box(
          'mdia',
          fullBox(
            'mdhd',
            0,
            0,
            u32s(0, 0, trackTimescale, trackDuration),
            u16s(0x55c4, 0), // language "und"
          ),
          fullBox(
            'hdlr',
            0,
            0,
            u32s(0),
            Buffer.from('vide', 'latin1'),
            u32s(0, 0, 0),
            Buffer.from('VideoHandler\0', 'latin1'),
          ),
          box(
            'minf',
            fullBox('vmhd', 0, 1, u16s(0, 0, 0, 0)),
            box('dinf', fullBox('dref', 0, 0, u32s(1), fullBox('url ', 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );

  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    u32s(0x200),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  );
  // The chunk offset does not change the movie box's size: measure it, then write it for real.
  const moovSize = moov(0).length;
  const mdatHeader = 8;
  const media = Buffer.concat(samples);
  return Buffer.concat([ftyp, moov(ftyp.length + moovSize + mdatHeader), box('mdat', media)]);
}
