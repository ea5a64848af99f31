import { z } from 'zod';
import {
  contentIdSchema,
  contentOptionalText,
  contentText,
  outOfRange,
} from '../content-fields.js';
import { idListSchema, idSchema } from '../ids.js';
import {
  blankToUndefined,
  checkTimeRange,
  optionalEpochMs,
  optionalText,
  phoneFragmentSchema,
  sortQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Lab reports (检验报告, PRODUCT.md §4 report): a member's report from a hospital or a lab, its
 * files (PDF or images, kept private: served only to operators holding the page) and its items
 * (name, value, unit, reference range). Each item's flag (high | low | normal) is computed from its
 * range by `inspectionFlagOf`, on the server when saved and in the form as the operator types;
 * a flag sent by a client is never read.
 */
export const InspectionPaths = {
  list: '/v3/report/admin/inspection/list',
  detail: '/v3/report/admin/inspection/detail',
  add: '/v3/report/admin/inspection/add',
  update: '/v3/report/admin/inspection/update',
  delete: '/v3/report/admin/inspection/delete',
  export: '/v3/report/admin/inspection/export',
  /** multipart, field `file`: one PDF or image; answers the file's id to put in `fileIds`. */
  upload: '/v3/report/admin/inspection/upload',
  /** GET ?id=<file id>: the file's bytes, to an operator holding the page only. */
  file: '/v3/report/admin/inspection/file',
  /** GET ?keyword=: members to pick (phone prefix or name; phones masked). */
  memberOptions: '/v3/report/admin/inspection/memberOptions',
} as const;

/* ---------------------------------------------------------------- limits */

export const INSPECTION_TITLE_MAX = 50;
export const INSPECTION_HOSPITAL_MAX = 50;
export const INSPECTION_REMARK_MAX = 500;
export const INSPECTION_ITEM_NAME_MAX = 30;
export const INSPECTION_ITEM_CODE_MAX = 20;
export const INSPECTION_ITEM_UNIT_MAX = 20;
/** Items of one report at most. */
export const INSPECTION_ITEMS_MAX = 60;
/** Files of one report at most. */
export const INSPECTION_FILES_MAX = 9;
/** Bytes of one file at most (10 MB). */
export const INSPECTION_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What a file may be, by its content (never its name or the browser's type). */
export const INSPECTION_FILE_MIMES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type InspectionFileMime = (typeof INSPECTION_FILE_MIMES)[number];
/** A value or a bound lies within ±this (and has at most 4 decimals). */
export const INSPECTION_VALUE_LIMIT = 999_999;
export const INSPECTION_VALUE_PLACES = 4;

export const InspectionMessages = {
  notFound: '检验报告不存在或已被删除',
  memberRequired: '请选择会员',
  memberNotFound: '会员不存在或已注销',
  titleRequired: '请输入报告名称',
  hospitalRequired: '请输入医院或检验机构',
  sampledAtRequired: '请选择采样日期',
  reportedAtRequired: '请选择报告日期',
  reportedBeforeSampled: '报告日期不能早于采样日期',
  dateInFuture: '日期不能晚于今天',
  itemsRequired: '请至少填写一个检验项目',
  tooManyItems: `检验项目最多${INSPECTION_ITEMS_MAX}项`,
  itemNameRequired: '请输入项目名称',
  valueRequired: '请输入检验结果',
  rangeReversed: '参考范围下限不能高于上限',
  tooManyFiles: `报告文件最多${INSPECTION_FILES_MAX}个`,
  fileNotFound: '报告文件不存在或已被删除',
  fileInUse: '该文件已属于其他报告',
  fileMissing: '报告文件缺失，请重新上传',
  fileRequired: '请选择要上传的文件',
  fileTooLarge: '文件不能超过 10 MB',
  fileBadType: '只能上传 PDF、JPEG、PNG 或 WebP 文件（按文件内容识别）',
  uploaded: '上传成功',
} as const;

/* ---------------------------------------------------------------- the flag */

export const INSPECTION_FLAGS = ['high', 'low', 'normal'] as const;
export type InspectionFlag = (typeof INSPECTION_FLAGS)[number];
export const INSPECTION_FLAG_LABELS: Record<InspectionFlag, string> = {
  high: '偏高',
  low: '偏低',
  normal: '正常',
};
export const INSPECTION_FLAG_LABELS_EN: Record<InspectionFlag, string> = {
  high: 'High',
  low: 'Low',
  normal: 'Normal',
};
/** The arrow a flag shows with (↑ red, ↓ blue). */
export const INSPECTION_FLAG_ARROWS: Record<InspectionFlag, string> = {
  high: '↑',
  low: '↓',
  normal: '',
};

/**
 * The flag of a value against its reference range: below the low bound → low, above the high bound
 * → high, else normal (a value at a bound is normal; a missing bound does not limit).
 */
export function inspectionFlagOf(
  value: number,
  low: number | null | undefined,
  high: number | null | undefined,
): InspectionFlag {
  if (low !== null && low !== undefined && value < low) return 'low';
  if (high !== null && high !== undefined && value > high) return 'high';
  return 'normal';
}

/** The reference range as a report prints it: "3.9–6.1", "< 5.2", "≥ 1.0", or "" without bounds. */
export function inspectionRangeText(low: number | null, high: number | null): string {
  if (low !== null && high !== null) return `${low}–${high}`;
  if (high !== null) return `≤ ${high}`;
  if (low !== null) return `≥ ${low}`;
  return '';
}

/* ---------------------------------------------------------------- templates */

export interface InspectionTemplateItem {
  name: string;
  code: string;
  unit: string;
  low: number | null;
  high: number | null;
}

export const INSPECTION_TEMPLATE_KEYS = ['lipids', 'liver', 'kidney', 'glucose'] as const;
export type InspectionTemplateKey = (typeof INSPECTION_TEMPLATE_KEYS)[number];

/**
 * Common panels with adult reference ranges (as Chinese laboratories usually print them; a lab's
 * own range may differ and is edited in the form). Choosing one fills the item rows; the values are
 * left to the operator.
 */
export const INSPECTION_TEMPLATES: Record<
  InspectionTemplateKey,
  { name: string; title: string; items: readonly InspectionTemplateItem[] }
> = {
  lipids: {
    name: '血脂四项',
    title: '血脂四项检验报告',
    items: [
      { name: '总胆固醇', code: 'TC', unit: 'mmol/L', low: null, high: 5.2 },
      { name: '甘油三酯', code: 'TG', unit: 'mmol/L', low: null, high: 1.7 },
      { name: '低密度脂蛋白胆固醇', code: 'LDL-C', unit: 'mmol/L', low: null, high: 3.4 },
      { name: '高密度脂蛋白胆固醇', code: 'HDL-C', unit: 'mmol/L', low: 1.0, high: null },
    ],
  },
  liver: {
    name: '肝功能',
    title: '肝功能检验报告',
    items: [
      { name: '丙氨酸氨基转移酶', code: 'ALT', unit: 'U/L', low: 7, high: 40 },
      { name: '天门冬氨酸氨基转移酶', code: 'AST', unit: 'U/L', low: 13, high: 35 },
      { name: 'γ-谷氨酰转移酶', code: 'GGT', unit: 'U/L', low: 10, high: 60 },
      { name: '碱性磷酸酶', code: 'ALP', unit: 'U/L', low: 45, high: 125 },
      { name: '总胆红素', code: 'TBIL', unit: 'μmol/L', low: 3.4, high: 20.5 },
      { name: '白蛋白', code: 'ALB', unit: 'g/L', low: 40, high: 55 },
    ],
  },
  kidney: {
    name: '肾功能',
    title: '肾功能检验报告',
    items: [
      { name: '肌酐', code: 'Cr', unit: 'μmol/L', low: 41, high: 111 },
      { name: '尿素氮', code: 'BUN', unit: 'mmol/L', low: 2.9, high: 8.2 },
      { name: '尿酸', code: 'UA', unit: 'μmol/L', low: 150, high: 420 },
      { name: '估算肾小球滤过率', code: 'eGFR', unit: 'mL/min/1.73m²', low: 90, high: null },
    ],
  },
  glucose: {
    name: '血糖',
    title: '血糖检验报告',
    items: [
      { name: '空腹血糖', code: 'FPG', unit: 'mmol/L', low: 3.9, high: 6.1 },
      { name: '糖化血红蛋白', code: 'HbA1c', unit: '%', low: 4.0, high: 6.0 },
    ],
  },
};

/* ---------------------------------------------------------------- answers */

export const inspectionItemSchema = z.object({
  name: z.string(),
  code: z.string(),
  value: z.number(),
  unit: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Computed by the server from the range. */
  flag: z.enum(INSPECTION_FLAGS),
});
export type InspectionItem = z.infer<typeof inspectionItemSchema>;

export const inspectionFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.enum(INSPECTION_FILE_MIMES),
  size: z.number().int(),
});
export type InspectionFile = z.infer<typeof inspectionFileSchema>;

/** A report as the list shows it. */
export const inspectionSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  title: z.string(),
  hospital: z.string(),
  sampledAt: z.number().int(),
  reportedAt: z.number().int(),
  itemCount: z.number().int(),
  highCount: z.number().int(),
  lowCount: z.number().int(),
  fileCount: z.number().int(),
  remark: z.string(),
  /** Who entered it (the operator's display name). */
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Inspection = z.infer<typeof inspectionSchema>;
export const inspectionListSchema = pageOf(inspectionSchema);

export const inspectionDetailSchema = inspectionSchema.extend({
  items: z.array(inspectionItemSchema),
  files: z.array(inspectionFileSchema),
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

export const inspectionUploadResultSchema = inspectionFileSchema;

/* ---------------------------------------------------------------- requests */

const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** Form text or JSON: "" / null / missing → undefined, a number's text → the number. */
function numberInput(v: unknown): unknown {
  if (typeof v === 'string') {
    const text = v.trim();
    if (text === '') return undefined;
    return NUMBER_TEXT.test(text) ? Number(text) : text;
  }
  return v === null ? undefined : v;
}

/** A result or a bound: a number within ±INSPECTION_VALUE_LIMIT with at most 4 decimals. */
function decimal(label: string, required: string) {
  const scale = 10 ** INSPECTION_VALUE_PLACES;
  const range = outOfRange(label, -INSPECTION_VALUE_LIMIT, INSPECTION_VALUE_LIMIT);
  return z
    .number({ error: (i) => (i.input === undefined ? required : `${label}必须是数字`) })
    .min(-INSPECTION_VALUE_LIMIT, range)
    .max(INSPECTION_VALUE_LIMIT, range)
    .refine((v) => Math.abs(v * scale - Math.round(v * scale)) < 1e-6, {
      message: `${label}最多保留${INSPECTION_VALUE_PLACES}位小数`,
    });
}

const requiredNumber = (label: string, required: string) =>
  z.preprocess(numberInput, decimal(label, required));
/** A bound that may be absent: missing → null. */
const optionalNumber = (label: string) =>
  z.preprocess(numberInput, decimal(label, '').optional()).transform((v) => v ?? null);

/** One item as the form sends it (a `flag` in it is ignored: the server computes it). */
export const inspectionItemInputSchema = z
  .object({
    name: contentText(InspectionMessages.itemNameRequired, INSPECTION_ITEM_NAME_MAX, '项目名称'),
    code: contentOptionalText(INSPECTION_ITEM_CODE_MAX, '项目缩写'),
    value: requiredNumber('检验结果', InspectionMessages.valueRequired),
    unit: contentOptionalText(INSPECTION_ITEM_UNIT_MAX, '单位'),
    low: optionalNumber('参考范围下限'),
    high: optionalNumber('参考范围上限'),
  })
  .refine((i) => i.low === null || i.high === null || i.low <= i.high, {
    path: ['low'],
    message: InspectionMessages.rangeReversed,
  });
export type InspectionItemInput = z.infer<typeof inspectionItemInputSchema>;

/** A date (epoch ms of the China day's start, as the form's date picker sends it). */
const dateField = (required: string) =>
  z.preprocess(
    numberInput,
    z
      .number({ error: (i) => (i.input === undefined ? required : '日期格式不正确') })
      .int('日期格式不正确')
      .min(0, '日期格式不正确'),
  );

const reportFields = {
  memberId: idSchema('会员', { required: InspectionMessages.memberRequired }),
  title: contentText(InspectionMessages.titleRequired, INSPECTION_TITLE_MAX, '报告名称'),
  hospital: contentText(
    InspectionMessages.hospitalRequired,
    INSPECTION_HOSPITAL_MAX,
    '医院或检验机构',
  ),
  sampledAt: dateField(InspectionMessages.sampledAtRequired),
  reportedAt: dateField(InspectionMessages.reportedAtRequired),
  items: z
    .array(inspectionItemInputSchema, { error: InspectionMessages.itemsRequired })
    .min(1, InspectionMessages.itemsRequired)
    .max(INSPECTION_ITEMS_MAX, InspectionMessages.tooManyItems),
  /** Ids of uploaded files (upload answers them), in the order to show. */
  fileIds: idListSchema('报告文件', {
    max: INSPECTION_FILES_MAX,
    maxMessage: InspectionMessages.tooManyFiles,
  }),
  remark: contentOptionalText(INSPECTION_REMARK_MAX, '备注'),
};

const checkDates = (v: { sampledAt: number; reportedAt: number }, ctx: z.RefinementCtx) => {
  if (v.reportedAt < v.sampledAt) {
    ctx.addIssue({
      code: 'custom',
      path: ['reportedAt'],
      message: InspectionMessages.reportedBeforeSampled,
    });
  }
};

export const inspectionSaveRequestSchema = z.object(reportFields).superRefine(checkDates);
export type InspectionSaveRequest = z.infer<typeof inspectionSaveRequestSchema>;
export const inspectionUpdateRequestSchema = z
  .object({ id: contentIdSchema, ...reportFields })
  .superRefine(checkDates);
export type InspectionUpdateRequest = z.infer<typeof inspectionUpdateRequestSchema>;

export const inspectionIdBodySchema = z.object({ id: contentIdSchema });
export const inspectionFileQuerySchema = z.object({ id: idSchema('报告文件') });

/** The list's and the export's filters. */
const filters = {
  /** A fragment of the member's phone. */
  phone: phoneFragmentSchema,
  /** A fragment of the member's name. */
  name: optionalText(30),
  title: optionalText(INSPECTION_TITLE_MAX),
  /** true: reports with an item out of range; false: all items normal. */
  abnormal: z.preprocess(
    (v) =>
      v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blankToUndefined(v),
    z.boolean({ error: '异常筛选不正确' }).optional(),
  ),
  /** Report date from / to (epoch ms, inclusive). */
  startTime: optionalEpochMs,
  endTime: optionalEpochMs,
};
export const inspectionExportQuerySchema = z
  .object(filters)
  .extend(sortQuerySchema(['reportedAt', 'createdAt'] as const).shape)
  .superRefine(checkTimeRange);
export type InspectionExportQuery = z.infer<typeof inspectionExportQuerySchema>;
export const inspectionListQuerySchema = listQuerySchema
  .extend(filters)
  .extend(sortQuerySchema(['reportedAt', 'createdAt'] as const).shape)
  .superRefine(checkTimeRange);
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;
