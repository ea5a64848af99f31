/**
 * What an uploaded MP4 says about itself: its duration, from the movie header (`moov/mvhd`: a
 * timescale in units per second and a duration in those units; ISO/IEC 14496-12 §8.2.2). A
 * fragmented MP4 may leave the movie header's duration at 0 and give it in `moov/mvex/mehd`
 * instead (§8.8.2). Boxes are walked by their sizes only; nothing past the buffer is read.
 */

interface Box {
  type: string;
  /** Where the box's content starts and ends (after its header). */
  start: number;
  end: number;
}

/** The boxes directly inside [from, to). A box whose size runs past `to` ends the walk. */
function* boxesIn(data: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      // The last box: it runs to the end.
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxesIn(data, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** A full box's (version 0 or 1) 32- or 64-bit number at `at`; null when it does not fit. */
function readSized(data: Buffer, box: Box, at: number, wide: boolean): number | null {
  if (at + (wide ? 8 : 4) > box.end) return null;
  return wide ? Number(data.readBigUInt64BE(at)) : data.readUInt32BE(at);
}

export interface Mp4Movie {
  /** Units per second of the durations. */
  timescale: number;
  /** In timescale units; 0 when the file does not say. */
  duration: number;
}

/**
 * The movie header of an MP4, or null when the file has no readable `moov/mvhd` (not an MP4, or
 * cut short before its movie box).
 */
export function readMp4Movie(data: Buffer): Mp4Movie | null {
  let moov: Box | undefined;
  for (const box of boxesIn(data, 0, data.length)) {
    if (box.type === 'moov') {
      moov = box;
      break;
    }
  }
  if (!moov) return null;
  const mvhd = child(data, moov, 'mvhd');
  if (!mvhd || mvhd.end - mvhd.start < 4) return null;
  const wide = data.readUInt8(mvhd.start) === 1;
  // version/flags (4), creation and modification times (4 or 8 each), timescale (4), duration.
  const timescaleAt = mvhd.start + 4 + (wide ? 16 : 8);
  if (timescaleAt + 4 > mvhd.end) return null;
  const timescale = data.readUInt32BE(timescaleAt);
  let duration = readSized(data, mvhd, timescaleAt + 4, wide);
  if (duration === null || timescale === 0) return null;
  // All ones: "unknown" (§8.2.2.3).
  if ((!wide && duration === 0xffffffff) || duration >= 2 ** 63) duration = 0;
  if (duration === 0) {
    const mvex = child(data, moov, 'mvex');
    const mehd = mvex && child(data, mvex, 'mehd');
    if (mehd && mehd.end - mehd.start >= 4) {
      const mehdWide = data.readUInt8(mehd.start) === 1;
      duration = readSized(data, mehd, mehd.start + 4, mehdWide) ?? 0;
    }
  }
  return { timescale, duration };
}

/**
 * The duration of an MP4 in whole seconds (rounded, at least 1 for any positive length); null when
 * the file does not say (no movie header, or a duration of 0).
 */
export function mp4DurationSeconds(movie: Mp4Movie): number | null {
  if (movie.duration <= 0) return null;
  return Math.max(1, Math.round(movie.duration / movie.timescale));
}
