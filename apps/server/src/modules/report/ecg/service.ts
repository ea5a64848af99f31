import {
  EcgMessages,
  State,
  maskPhone,
  type EcgEpisodeInfo,
  type EcgRecording,
  type EcgWindow,
  type EcgWindowQuery,
} from '@health/contract';
import type { ActorLog } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { spawnThread } from '../../../platform/threads.js';
import { ECG_SAMPLE_BYTES } from '../../device/ingest/ecg-file.js';
import { ECG_ANALYSIS_VERSION } from './analysis.js';
import { buildAnalysis, type BuiltAnalysis } from './build.js';
import {
  BUCKET_BYTES,
  PYRAMID_HEADER_BYTES,
  int16sOf,
  levelOffset,
  planWindow,
  readPyramidHeader,
  reducePoints,
  uint32sOf,
  type PyramidLayout,
} from './pyramid.js';
import { EcgRepo, type EcgAnalysisRow, type EcgRecordingRow } from './repo.js';

/**
 * Recordings of more samples than this are analysed on a thread of their own (a 24-hour one held
 * the server's thread for over a second in all, its pyramids ~300 ms at once); shorter ones here,
 * in milliseconds.
 */
const THREAD_SAMPLES = 1 << 20;
/** Pyramid headers and R peaks kept in memory, by recording (least recently used dropped). */
const LAYOUTS_MAX = 256;
const BEATS_MAX = 16;

/** A sidecar file is not there (any more): build it again. */
class SidecarMissing extends Error {}

/** A small least-recently-used map. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}

/** What the ECG report keeps per app (shared by its routes and its job). */
interface EcgState {
  /** Analyses being built, by measurement id: a second request waits for the first. */
  building: Map<number, Promise<EcgAnalysisRow>>;
  layouts: Lru<string, PyramidLayout>;
  beats: Lru<string, Uint32Array>;
}

const states = new WeakMap<AppContext, EcgState>();

function stateOf(ctx: AppContext): EcgState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      building: new Map(),
      layouts: new Lru(LAYOUTS_MAX),
      beats: new Lru(BEATS_MAX),
    };
    states.set(ctx, state);
  }
  return state;
}

/** The analysis of a samples file: here when short, on a thread of its own when long. */
function analyse(
  data: Buffer,
  sampleRate: number,
  samplesPerLead: number,
  leadCount: number,
): Promise<BuiltAnalysis> {
  if (samplesPerLead * leadCount <= THREAD_SAMPLES)
    return Promise.resolve(buildAnalysis(data, sampleRate, samplesPerLead, leadCount));
  // The file's bytes move to the thread without a copy when they own their memory.
  const moves = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const worker = spawnThread(import.meta.url, 'analysis-thread', {
    workerData: { data, sampleRate, samplesPerLead, leadCount },
    transferList: moves ? [data.buffer as ArrayBuffer] : [],
  });
  return new Promise<BuiltAnalysis>((resolve, reject) => {
    worker.once('message', (built: BuiltAnalysis) => {
      // Buffers arrive as plain Uint8Arrays.
      const buffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
      resolve({ ...built, peaks: buffer(built.peaks), pyramids: buffer(built.pyramids) });
      void worker.terminate();
    });
    worker.once('error', reject);
    // After the answer, a no-op; before it, the thread died.
    worker.once('exit', (code) => reject(new Error(`ecg analysis thread exited (${code})`)));
  });
}

/** A sidecar's key next to the samples file: `ecg/202611/<hex>.i16` → `ecg/202611/<hex>.mmp`. */
export function sidecarKey(samplesKey: string, ext: 'mmp' | 'rpk'): string {
  return samplesKey.replace(/\.[a-z0-9]+$/, `.${ext}`);
}

/** Sample index → ms from the start, rounded up (so ms → sample gives it back). */
function msAt(sample: number, sampleRate: number): number {
  return Math.ceil((sample * 1000) / sampleRate);
}

function notFound(): AppError {
  return new AppError(State.FAILED, EcgMessages.notFound);
}

/**
 * ECG recordings as the report's viewer reads them: the recording's facts and the server's
 * analysis (detail), the samples of a window at the resolution drawn (window).
 *
 * The analysis and two sidecar files next to the samples file — min/max pyramids (`.mmp`) and the
 * R peaks (`.rpk`) — are built once: by a job after a long recording's upload commits
 * (ECG_STORED_JOB), otherwise by the first request that needs them. Files first, then the row:
 * a crash between leaves no row, and the next request builds them again (same input, same bytes).
 * Two first requests in one process share one build; in two processes both write the same bytes.
 * A window reads only its bytes from the files (positional reads), never a whole file.
 *
 * Nothing of the samples, heart rates or the member reaches the server log.
 */
export class EcgService {
  private readonly repo: EcgRepo;
  private readonly state: EcgState;

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: ActorLog,
  ) {
    this.repo = new EcgRepo(ctx.db);
    this.state = stateOf(ctx);
  }

  async detail(id: number): Promise<EcgRecording> {
    const rec = await this.recording(id);
    const a = await this.analysis(rec);
    return {
      measurementId: Number(rec.id),
      memberId: Number(rec.member_id),
      memberName: rec.member_name,
      memberPhone: maskPhone(rec.member_phone),
      deviceSerial: rec.device_serial,
      measuredAt: Number(rec.measured_at),
      sampleRate: Number(rec.sample_rate),
      leads: JSON.parse(rec.leads_json) as string[],
      samplesPerLead: Number(rec.samples_per_lead),
      durationMs: Number(rec.duration_ms),
      level: rec.level,
      label: rec.label,
      deviceHeartRate: rec.heart_rate === null ? null : Number(rec.heart_rate),
      deviceArrhythmia: Number(rec.arrhythmia) === 1,
      analysis: {
        beats: Number(a.beats),
        meanHeartRate: a.mean_hr === null ? null : Number(a.mean_hr),
        minHeartRate: a.min_hr === null ? null : Number(a.min_hr),
        maxHeartRate: a.max_hr === null ? null : Number(a.max_hr),
        heartRateTrend: {
          stepMs: Number(a.trend_step_ms),
          bpm: JSON.parse(a.trend_json) as (number | null)[],
        },
        episodes: JSON.parse(a.episodes_json) as EcgEpisodeInfo[],
      },
    };
  }

  async window(q: EcgWindowQuery): Promise<EcgWindow> {
    const rec = await this.recording(q.id);
    try {
      return await this.windowOf(rec, q);
    } catch (err) {
      if (!(err instanceof SidecarMissing)) throw err;
      // The pyramid file went missing under a cached header: build it again, once.
      this.state.layouts.delete(sidecarKey(rec.storage_key, 'mmp'));
      await this.build(rec);
      return this.windowOf(rec, q);
    }
  }

  private async windowOf(rec: EcgRecordingRow, q: EcgWindowQuery): Promise<EcgWindow> {
    const fs = Number(rec.sample_rate);
    const leads = JSON.parse(rec.leads_json) as string[];
    const layout = await this.layout(rec);
    const plan = planWindow(layout, fs, q.startMs, q.endMs, q.bins);
    const n = layout.samplesPerLead;
    const mmp = sidecarKey(rec.storage_key, 'mmp');

    const reads = leads.map(async (name, lead) => {
      const min: number[] = [];
      const max: number[] = [];
      if (plan.points > 0) {
        let bytes: Buffer | null;
        if (plan.level < 0) {
          const from = (lead * n + plan.start) * ECG_SAMPLE_BYTES;
          const length = (plan.end - plan.start) * ECG_SAMPLE_BYTES;
          bytes = await this.ctx.storage.read(rec.storage_key, from, length);
          if (!bytes || bytes.length !== length) throw this.fileMissing(rec);
        } else {
          const first = plan.start / plan.bucket;
          const count = Math.ceil(plan.end / plan.bucket) - first;
          const from = levelOffset(layout, lead, plan.level) + first * BUCKET_BYTES;
          bytes = await this.ctx.storage.read(mmp, from, count * BUCKET_BYTES);
          if (!bytes || bytes.length !== count * BUCKET_BYTES) throw new SidecarMissing();
        }
        reducePoints(plan, int16sOf(bytes), plan.level < 0, min, max);
      }
      return { name, min, max };
    });
    const [answered, beats] = await Promise.all([Promise.all(reads), this.beatsOf(rec)]);

    // Beat marks where they can be told apart: not more beats than points (a zoomed-out window
    // of hours would send a hundred thousand of them for nothing; the trend shows the rate).
    const out: number[] = [];
    const first = lowerBound(beats, plan.start);
    const last = lowerBound(beats, plan.end);
    if (last - first <= Math.max(plan.points, 1))
      for (let i = first; i < last; i++) out.push(Math.round((beats[i]! * 1000) / fs));
    return {
      startMs: msAt(plan.start, fs),
      endMs: msAt(plan.end, fs),
      sampleRate: fs,
      step: plan.step,
      leads: answered,
      beats: out,
    };
  }

  /** The job after a long recording's upload: build its analysis unless it is there. */
  async analyseStored(id: number): Promise<void> {
    const rec = await this.repo.findRecording(id);
    // Deleted meanwhile: nothing to do.
    if (rec) await this.analysis(rec);
  }

  private async recording(id: number): Promise<EcgRecordingRow> {
    const rec = await this.repo.findRecording(id);
    if (!rec) throw notFound();
    return rec;
  }

  /** The recording's analysis as this version makes it (built now when missing or older). */
  private async analysis(rec: EcgRecordingRow): Promise<EcgAnalysisRow> {
    const row = await this.repo.findAnalysis(Number(rec.id));
    if (row && Number(row.version) === ECG_ANALYSIS_VERSION) return row;
    return this.build(rec);
  }

  /** Build the sidecars and the row, once at a time per recording in this process. */
  private build(rec: EcgRecordingRow): Promise<EcgAnalysisRow> {
    const id = Number(rec.id);
    const running = this.state.building.get(id);
    if (running) return running;
    const started = this.buildNow(rec).finally(() => this.state.building.delete(id));
    this.state.building.set(id, started);
    return started;
  }

  private async buildNow(rec: EcgRecordingRow): Promise<EcgAnalysisRow> {
    const fs = Number(rec.sample_rate);
    const n = Number(rec.samples_per_lead);
    const leadCount = (JSON.parse(rec.leads_json) as string[]).length;
    const data = await this.ctx.storage.get(rec.storage_key);
    if (!data || data.length !== leadCount * n * ECG_SAMPLE_BYTES) throw this.fileMissing(rec);
    const { peaks, summary, pyramids } = await analyse(data, fs, n, leadCount);

    const mmp = sidecarKey(rec.storage_key, 'mmp');
    const rpk = sidecarKey(rec.storage_key, 'rpk');
    await this.ctx.storage.put(rpk, peaks);
    await this.ctx.storage.put(mmp, pyramids);
    this.state.layouts.delete(mmp);
    this.state.beats.delete(rpk);

    const row: EcgAnalysisRow = {
      measurement_id: Number(rec.id),
      version: ECG_ANALYSIS_VERSION,
      beats: summary.beats,
      mean_hr: summary.meanHeartRate,
      min_hr: summary.minHeartRate,
      max_hr: summary.maxHeartRate,
      trend_step_ms: summary.heartRateTrend.stepMs,
      trend_json: JSON.stringify(summary.heartRateTrend.bpm),
      episodes_json: JSON.stringify(summary.episodes),
      analysed_at: this.ctx.now(),
    };
    await this.repo.saveAnalysis(row);
    return row;
  }

  /** The recording's pyramid layout (its file's header), built first when it has none. */
  private async layout(rec: EcgRecordingRow): Promise<PyramidLayout> {
    const key = sidecarKey(rec.storage_key, 'mmp');
    const cached = this.state.layouts.get(key);
    if (cached) return cached;
    let header = await this.ctx.storage.read(key, 0, PYRAMID_HEADER_BYTES);
    let layout = header && readPyramidHeader(header);
    if (!layout) {
      await this.build(rec);
      header = await this.ctx.storage.read(key, 0, PYRAMID_HEADER_BYTES);
      layout = header && readPyramidHeader(header);
      if (!layout) throw this.fileMissing(rec);
    }
    this.state.layouts.set(key, layout);
    return layout;
  }

  /** The recording's R peaks (sample indices), from its sidecar (kept for the next windows). */
  private async beatsOf(rec: EcgRecordingRow): Promise<Uint32Array> {
    const key = sidecarKey(rec.storage_key, 'rpk');
    const cached = this.state.beats.get(key);
    if (cached) return cached;
    let bytes = await this.ctx.storage.get(key);
    if (!bytes) {
      await this.build(rec);
      bytes = await this.ctx.storage.get(key);
      if (!bytes) throw this.fileMissing(rec);
    }
    const beats = uint32sOf(bytes);
    this.state.beats.set(key, beats);
    return beats;
  }

  private fileMissing(rec: EcgRecordingRow): AppError {
    this.log?.error({ measurementId: Number(rec.id) }, 'ecg: samples or sidecar file missing');
    return new AppError(State.FAILED, EcgMessages.fileMissing);
  }
}

/** The first index whose value is at least `value` (values increasing). */
function lowerBound(values: Uint32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
