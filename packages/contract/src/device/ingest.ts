import { z } from 'zod';
import { outOfRange } from '../content-fields.js';
import type { FieldError } from '../envelope.js';
import { MEASUREMENT_TYPES, type MeasurementType } from '../system/settings.js';

/**
 * The signed device ingest API (issue 12, PRODUCT.md §2; the public contract for device makers is
 * docs/device-ingest.md). A device posts one measurement as JSON, authenticated by an HMAC-SHA256
 * of the request under its own secret — never by an operator session.
 *
 * Pure: the contract also runs in the browser, so the signing text is built here but the hashes
 * (SHA-256 of the body, HMAC of the text) are computed by the caller's crypto.
 */

export const IngestPaths = {
  measurement: '/v3/device/ingest/measurement',
} as const;

/** Request headers (HTTP header names are case-insensitive; Node gives them in lower case). */
export const IngestHeaders = {
  serial: 'X-Device-Serial',
  timestamp: 'X-Timestamp',
  nonce: 'X-Nonce',
  signature: 'X-Signature',
} as const;

/** A request's timestamp may differ from the server's clock by at most this much. */
export const INGEST_CLOCK_SKEW_MS = 300_000;
/**
 * How long an accepted nonce is kept: a request is only accepted within ±INGEST_CLOCK_SKEW_MS of
 * its timestamp, so a replay is refused by the timestamp once twice that has passed.
 */
export const INGEST_NONCE_RETENTION_MS = 2 * INGEST_CLOCK_SKEW_MS;
/** 16–64 of A–Z, a–z, 0–9 and '-' (a UUID fits). */
export const INGEST_NONCE = /^[A-Za-z0-9-]{16,64}$/;
/** Lower-case hex HMAC-SHA256. */
export const INGEST_SIGNATURE = /^[0-9a-f]{64}$/;
/** Unix milliseconds, as decimal digits. */
export const INGEST_TIMESTAMP = /^\d{1,15}$/;

/**
 * The largest body an ECG-capable device (model type `ecg` or `multi`) may send, as sent and once
 * decompressed: a 24-hour recording is ~100 MB of JSON.
 */
export const INGEST_BODY_LIMIT = 256 * 1024 * 1024;
/**
 * The largest body any other device (`bp`, `bg`, `chol`, `ua`) may send, as sent and once
 * decompressed: one reading is ~100 bytes of JSON.
 */
export const INGEST_SMALL_BODY_LIMIT = 64 * 1024;
/**
 * A body larger than this as sent is a large upload: it holds one of the
 * INGEST_LARGE_UPLOADS_MAX places of the server process from its first byte to its answer, and
 * it is unpacked, parsed and checked off the server's thread (so is a smaller gzip body that
 * unpacks to more than this).
 */
export const INGEST_LARGE_BODY_BYTES = 1024 * 1024;
/** Large uploads one server process takes at once; beyond them: uploadsBusy (HTTP 503). */
export const INGEST_LARGE_UPLOADS_MAX = 4;

/**
 * The text a device signs:
 *
 *   POST\n<path>\n<timestamp>\n<nonce>\n<sha256 hex of the raw body>
 *
 * `path` is the request path without its query, service prefix included
 * (`/api/v3/device/ingest/measurement`); the body hash is over the bytes as sent (gzip-compressed
 * bytes when the request says `Content-Encoding: gzip`).
 */
export function ingestSigningText(
  path: string,
  timestamp: string | number,
  nonce: string,
  bodySha256Hex: string,
): string {
  return `POST\n${path}\n${String(timestamp)}\n${nonce}\n${bodySha256Hex}`;
}

/* ------------------------------------------------------------------ levels */

export const MEASUREMENT_LEVELS = ['normal', 'warning', 'urgent'] as const;
export type MeasurementLevel = (typeof MEASUREMENT_LEVELS)[number];
export const MEASUREMENT_LEVEL_LABELS: Record<MeasurementLevel, string> = {
  normal: '正常',
  warning: '预警',
  urgent: '紧急',
};
export const MEASUREMENT_LEVEL_LABELS_EN: Record<MeasurementLevel, string> = {
  normal: 'Normal',
  warning: 'Warning',
  urgent: 'Urgent',
};

/* ------------------------------------------------------------------ messages */

export const IngestMessages = {
  /** 266: a header is missing or malformed. */
  headersMissing: '缺少或无法识别设备签名请求头',
  /** 266: unknown serial or wrong signature (one message: the answer does not tell which). */
  signatureInvalid: '设备签名校验失败',
  /** 266 */
  timestampStale: '请求时间与服务器时间相差超过5分钟，请校准设备时钟',
  /** 266 */
  nonceReused: '该请求随机串已使用过，请重新签名',
  /** 266: a scrapped device's key no longer opens anything. */
  deviceScrapped: '设备已报废，不能上传数据',
  /** 255 */
  deviceFaulty: '设备处于故障状态，暂不接收测量数据',
  /** 255 */
  deviceUnbound: '设备未绑定会员，不能上传测量数据',
  /** 255 */
  typeNotSupported: '该设备型号不能上传此类测量数据',
  /** 255 */
  bodyInvalid: '请求内容不是有效的JSON',
  /** 255 */
  gzipInvalid: '请求内容无法按 gzip 解压',
  /** 255 */
  encodingNotSupported: '不支持的内容编码，仅支持 gzip',
  /** 255 (HTTP 413) */
  bodyTooLarge: '解压后的请求内容过大',
  /** 255 (HTTP 413): more than INGEST_SMALL_BODY_LIMIT from a device that measures no ECG. */
  bodyTooLargeForModel: `请求内容过大：血压、血糖、血脂、尿酸设备每次上传不能超过${INGEST_SMALL_BODY_LIMIT / 1024}KB`,
  /** 255 (HTTP 413): more than INGEST_BODY_LIMIT as sent. */
  bodySentTooLarge: `请求内容过大：每次上传不能超过${INGEST_BODY_LIMIT / 1024 / 1024}MB`,
  /** 255: the body ended before its Content-Length, or the connection before the body. */
  bodyIncomplete: '请求内容不完整，请重新签名上传',
  /** 255 (HTTP 503): INGEST_LARGE_UPLOADS_MAX large uploads are under way; nothing was read. */
  uploadsBusy: '设备上传繁忙，请稍后重新签名上传',
  /** 255 (HTTP 503): the server cannot store readings for the moment; nothing was stored. */
  storeUnavailable: '服务器暂时无法保存测量数据，请稍后重新签名上传',
  typeRequired: '请选择测量类型',
  measuredAtRequired: '请提供测量时间',
  measuredAtInvalid: '测量时间不正确',
  measuredAtFuture: '测量时间不能晚于当前时间',
  valuesRequired: '请提供测量值',
  systolicAboveDiastolic: '收缩压必须高于舒张压',
  contextRequired: '请选择测量时段',
  leadsRequired: '请提供导联名称',
  leadNameInvalid: '导联名称为1到8位字母或数字',
  leadsDuplicated: '导联名称不能重复',
  samplesRequired: '请提供心电采样数据',
  samplesLeadCount: '采样数组的数量必须与导联数量一致',
  samplesLengthMismatch: '各导联的采样点数必须相同',
  samplesTooShort: '心电记录至少1秒',
  samplesTooMany: '心电采样点总数不能超过21600000',
  sampleInvalid: '采样值必须是-10000到10000之间的数字（微伏）',
  arrhythmiaInvalid: '心律失常标记必须是 true 或 false',
  firmwareInvalid: '固件版本为1到32位字母、数字、点、下划线或连字符',
} as const;

/* ------------------------------------------------------------------ body */

/** Physical ranges a value must lie in (outside them the reading is refused, not classified). */
export const INGEST_RANGES = {
  systolic: { min: 40, max: 300 },
  diastolic: { min: 20, max: 200 },
  pulse: { min: 20, max: 300 },
  glucose: { min: 0.6, max: 40 },
  cholesterol: { min: 0.5, max: 25 },
  uricAcid: { min: 50, max: 1500 },
  sampleRate: { min: 100, max: 1000 },
  heartRate: { min: 20, max: 300 },
  /** One ECG sample in µV. */
  microvolts: { min: -10_000, max: 10_000 },
  battery: { min: 0, max: 100 },
} as const;
/** 24 h of one lead at 250 Hz. */
export const ECG_MAX_TOTAL_SAMPLES = 21_600_000;
export const ECG_MAX_LEADS = 12;
/** Measurements taken before this (2020-01-01 UTC) are refused as a wrong clock. */
export const INGEST_MEASURED_AT_MIN = Date.UTC(2020, 0, 1);
export const ECG_LEAD_NAME = /^[A-Za-z0-9]{1,8}$/;
export const FIRMWARE_VERSION = /^[A-Za-z0-9._-]{1,32}$/;

const ranged = (label: string, range: { min: number; max: number }, integer: boolean) => {
  const base = z.number({ error: `请输入${label}` });
  const checked = integer ? base.int(`${label}必须是整数`) : base;
  return checked
    .min(range.min, outOfRange(label, range.min, range.max))
    .max(range.max, outOfRange(label, range.min, range.max));
};

const inRange = (v: number, key: keyof typeof INGEST_RANGES) =>
  v >= INGEST_RANGES[key].min && v <= INGEST_RANGES[key].max;

export const bpValuesSchema = z
  .object({
    systolic: ranged('收缩压', INGEST_RANGES.systolic, true),
    diastolic: ranged('舒张压', INGEST_RANGES.diastolic, true),
    pulse: ranged('脉搏', INGEST_RANGES.pulse, true),
  })
  // Judged only when both are within their ranges (otherwise their own messages say enough).
  .refine(
    (v) =>
      v.systolic > v.diastolic ||
      !inRange(v.systolic, 'systolic') ||
      !inRange(v.diastolic, 'diastolic'),
    {
      path: ['diastolic'],
      message: IngestMessages.systolicAboveDiastolic,
    },
  );

export const BG_CONTEXTS = ['fasting', 'postprandial', 'random'] as const;
export type BgContext = (typeof BG_CONTEXTS)[number];
export const BG_CONTEXT_LABELS: Record<BgContext, string> = {
  fasting: '空腹',
  postprandial: '餐后',
  random: '随机',
};
export const BG_CONTEXT_LABELS_EN: Record<BgContext, string> = {
  fasting: 'Fasting',
  postprandial: 'Postprandial',
  random: 'Random',
};

export const bgValuesSchema = z.object({
  mmol: ranged('血糖值', INGEST_RANGES.glucose, false),
  context: z.enum(BG_CONTEXTS, { error: IngestMessages.contextRequired }),
});
export const cholValuesSchema = z.object({
  mmol: ranged('总胆固醇值', INGEST_RANGES.cholesterol, false),
});
export const uaValuesSchema = z.object({
  umol: ranged('尿酸值', INGEST_RANGES.uricAcid, false),
});

/**
 * The samples of every lead in one pass of a plain loop (a 24-hour recording has 21.6 million; a
 * zod schema per element would take seconds). Reports the first bad value with its place.
 */
export function ecgSampleErrors(leads: readonly string[], samples: unknown): FieldError[] {
  const at = (field: string, msg: string): FieldError[] => [{ field: `values.${field}`, msg }];
  if (!Array.isArray(samples) || samples.length === 0)
    return at('samples', IngestMessages.samplesRequired);
  if (samples.length !== leads.length) return at('samples', IngestMessages.samplesLeadCount);
  let perLead = -1;
  let total = 0;
  const { min, max } = INGEST_RANGES.microvolts;
  for (let l = 0; l < samples.length; l++) {
    const lead: unknown = samples[l];
    // An Int16Array: the server's reader of large uploads (already whole numbers within ±32767).
    if (!(Array.isArray(lead) || lead instanceof Int16Array) || lead.length === 0)
      return at(`samples.${l}`, IngestMessages.samplesRequired);
    if (perLead >= 0 && lead.length !== perLead)
      return at(`samples.${l}`, IngestMessages.samplesLengthMismatch);
    perLead = lead.length;
    total += lead.length;
    if (total > ECG_MAX_TOTAL_SAMPLES) return at('samples', IngestMessages.samplesTooMany);
    for (let i = 0; i < lead.length; i++) {
      const v: unknown = lead[i];
      // NaN and ±Infinity cannot come from JSON, but an in-process caller could pass them.
      if (typeof v !== 'number' || !(v >= min && v <= max))
        return at(`samples.${l}.${i}`, IngestMessages.sampleInvalid);
    }
  }
  return [];
}

export const ecgValuesSchema = z
  .object({
    sampleRate: ranged('采样率', INGEST_RANGES.sampleRate, true),
    leads: z
      .array(z.string().regex(ECG_LEAD_NAME, IngestMessages.leadNameInvalid), {
        error: IngestMessages.leadsRequired,
      })
      .min(1, IngestMessages.leadsRequired)
      .max(ECG_MAX_LEADS, `导联最多${ECG_MAX_LEADS}个`)
      .refine((leads) => new Set(leads).size === leads.length, IngestMessages.leadsDuplicated),
    /** µV, one array per lead, all of the same length; checked by ecgSampleErrors. */
    samples: z.array(z.unknown(), { error: IngestMessages.samplesRequired }),
    heartRate: ranged('心率', INGEST_RANGES.heartRate, true).optional(),
    arrhythmia: z.boolean({ error: IngestMessages.arrhythmiaInvalid }).optional(),
  })
  .superRefine((v, ctx) => {
    const errors = ecgSampleErrors(v.leads, v.samples);
    for (const e of errors) {
      ctx.addIssue({ code: 'custom', path: e.field.split('.').slice(1), message: e.msg });
    }
    const first: unknown = v.samples[0];
    const perLead = Array.isArray(first) || first instanceof Int16Array ? first.length : 0;
    if (errors.length === 0 && perLead < v.sampleRate)
      ctx.addIssue({ code: 'custom', path: ['samples'], message: IngestMessages.samplesTooShort });
  });

const measuredAt = z
  .number({ error: IngestMessages.measuredAtRequired })
  .int(IngestMessages.measuredAtInvalid)
  .min(INGEST_MEASURED_AT_MIN, IngestMessages.measuredAtInvalid);

/** What a device may report about itself with any reading (kept on the device's row). */
const report = {
  battery: ranged('电量', INGEST_RANGES.battery, true).optional(),
  firmware: z.string().regex(FIRMWARE_VERSION, IngestMessages.firmwareInvalid).optional(),
};

const reading = <T extends MeasurementType, V extends z.ZodType>(type: T, values: V) =>
  z.object({
    type: z.literal(type),
    measuredAt,
    values: values,
    ...report,
  });

/** The body of POST .../ingest/measurement (JSON). */
export const ingestMeasurementSchema = z.discriminatedUnion(
  'type',
  [
    reading('bp', bpValuesSchema),
    reading('bg', bgValuesSchema),
    reading('chol', cholValuesSchema),
    reading('ua', uaValuesSchema),
    reading('ecg', ecgValuesSchema),
  ],
  { error: IngestMessages.typeRequired },
);
export type IngestMeasurement = z.infer<typeof ingestMeasurementSchema>;
export type BpValues = z.infer<typeof bpValuesSchema>;
export type BgValues = z.infer<typeof bgValuesSchema>;
export type EcgValues = z.infer<typeof ecgValuesSchema>;

/** The measurement types a device may upload (also the `type` of a reading). */
export const INGEST_TYPES: readonly MeasurementType[] = MEASUREMENT_TYPES;

/** The answer's data: the reading's id, its level, and whether it was there already. */
export const ingestResultSchema = z.object({
  id: z.number().int(),
  level: z.enum(MEASUREMENT_LEVELS),
  duplicate: z.boolean(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
