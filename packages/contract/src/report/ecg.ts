import { z } from 'zod';
import { fromNumberOrText } from '../ids.js';
import { contentIdSchema } from '../content-fields.js';
import { blankToUndefined } from '../list-query.js';

/**
 * An ECG recording as the viewer reads it: the recording's facts and the server's analysis (beats,
 * heart-rate trend, arrhythmic episodes) from `detail`, and the samples of the window on screen from
 * `window`, at the resolution the viewer draws. Nothing sends a whole recording: a 24-hour, 250 Hz
 * recording is 21.6 million samples a lead; the server keeps min/max pyramids of it, so any window
 * is answered from a few kilobytes (min/max keeps the R peaks that averaging would lose).
 */
export const EcgPaths = {
  detail: '/v3/report/admin/ecg/detail',
  window: '/v3/report/admin/ecg/window',
} as const;

export const ECG_EPISODE_KINDS = ['af', 'pvc', 'tachycardia', 'bradycardia', 'pause'] as const;
export type EcgEpisodeKindValue = (typeof ECG_EPISODE_KINDS)[number];
export const ECG_EPISODE_LABELS: Record<EcgEpisodeKindValue, string> = {
  af: '房颤',
  pvc: '室性早搏',
  tachycardia: '心动过速',
  bradycardia: '心动过缓',
  pause: '长间歇',
};
export const ECG_EPISODE_LABELS_EN: Record<EcgEpisodeKindValue, string> = {
  af: 'Atrial fibrillation',
  pvc: 'PVC',
  tachycardia: 'Tachycardia',
  bradycardia: 'Bradycardia',
  pause: 'Pause',
};

/** Most points (min/max pairs) one window answer holds per lead. */
export const ECG_WINDOW_MAX_BINS = 8_000;
/**
 * Window bounds beyond any recording (21.6 million samples at 100 Hz is 60 hours); a window is
 * clamped to its recording.
 */
export const ECG_WINDOW_MAX_MS = 7 * 24 * 3_600_000;

export const EcgMessages = {
  notFound: '心电记录不存在',
  fileMissing: '心电数据文件缺失，请联系管理员',
  windowInvalid: '时间窗口不正确',
  binsInvalid: `点数应为1到${ECG_WINDOW_MAX_BINS}之间的整数`,
} as const;

/** An arrhythmic episode found by the server's analysis (ms from the recording's start). */
export const ecgEpisodeSchema = z.object({
  kind: z.enum(ECG_EPISODE_KINDS),
  startMs: z.number().int(),
  /** A PVC is one beat: end = start. */
  endMs: z.number().int(),
  /** Mean heart rate over the episode (bpm); null for a single beat. */
  heartRate: z.number().int().nullable(),
});
export type EcgEpisodeInfo = z.infer<typeof ecgEpisodeSchema>;

/** GET ecg/detail?id=<measurement id>. */
export const ecgRecordingSchema = z.object({
  measurementId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  deviceSerial: z.string(),
  measuredAt: z.number().int(),
  sampleRate: z.number().int(),
  leads: z.array(z.string()),
  samplesPerLead: z.number().int(),
  durationMs: z.number().int(),
  level: z.enum(['normal', 'warning', 'urgent']),
  label: z.string(),
  /** What the device reported (bpm), if it did. */
  deviceHeartRate: z.number().int().nullable(),
  deviceArrhythmia: z.boolean(),
  /** The server's analysis of the first lead. */
  analysis: z.object({
    beats: z.number().int(),
    meanHeartRate: z.number().int().nullable(),
    minHeartRate: z.number().int().nullable(),
    maxHeartRate: z.number().int().nullable(),
    /** Heart rate per `stepMs` from the start (null where no beat was found). */
    heartRateTrend: z.object({
      stepMs: z.number().int(),
      bpm: z.array(z.number().int().nullable()),
    }),
    episodes: z.array(ecgEpisodeSchema),
  }),
});
export type EcgRecording = z.infer<typeof ecgRecordingSchema>;

const msField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    fromNumberOrText(
      z.coerce
        .number({ error: `请输入${label}` })
        .int(EcgMessages.windowInvalid)
        .min(0, EcgMessages.windowInvalid)
        .max(ECG_WINDOW_MAX_MS, EcgMessages.windowInvalid),
    ),
  );

/**
 * GET ecg/window?id&startMs&endMs&bins: the samples of [startMs, endMs) of every lead, reduced to at
 * most `bins` points a lead (the viewer asks for one per pixel column it draws).
 */
export const ecgWindowQuerySchema = z
  .object({
    id: contentIdSchema,
    startMs: msField('开始时间'),
    endMs: msField('结束时间'),
    bins: z.preprocess(
      blankToUndefined,
      fromNumberOrText(
        z.coerce
          .number({ error: EcgMessages.binsInvalid })
          .int(EcgMessages.binsInvalid)
          .min(1, EcgMessages.binsInvalid)
          .max(ECG_WINDOW_MAX_BINS, EcgMessages.binsInvalid),
      ),
    ),
  })
  .refine((q) => q.endMs > q.startMs, {
    path: ['endMs'],
    message: EcgMessages.windowInvalid,
  });
export type EcgWindowQuery = z.infer<typeof ecgWindowQuerySchema>;

/**
 * The window's samples in µV. `step` samples make one point: at 1 each point is a sample
 * (min = max); above 1, each point holds the lowest and highest sample of its `step` samples.
 * The window is clamped to the recording and aligned to whole points: the first point starts at
 * `startMs`.
 */
export const ecgWindowSchema = z.object({
  startMs: z.number().int(),
  endMs: z.number().int(),
  sampleRate: z.number().int(),
  /** Samples per point (1 = raw samples). */
  step: z.number().int(),
  leads: z.array(
    z.object({
      name: z.string(),
      min: z.array(z.number().int()),
      max: z.array(z.number().int()),
    }),
  ),
  /**
   * R peaks in the window (ms from the recording's start), for snapping and beat marks; empty when
   * the window holds more beats than points (too dense to mark: the heart-rate trend shows them).
   */
  beats: z.array(z.number().int()),
});
export type EcgWindow = z.infer<typeof ecgWindowSchema>;
