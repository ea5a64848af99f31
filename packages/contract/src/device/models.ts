import { z } from 'zod';
import { contentIdSchema, contentOptionalText, contentText } from '../content-fields.js';
import { blankToUndefined as blank, optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { MEASUREMENT_TYPES, type MeasurementType } from '../system/settings.js';

/** Device models (设备型号, PRODUCT.md §4 device). */

export const DeviceModelPaths = {
  list: '/v3/device/admin/model/list',
  /** Every model by name (selects of the other device pages). */
  options: '/v3/device/admin/model/options',
  detail: '/v3/device/admin/model/detail',
  add: '/v3/device/admin/model/add',
  update: '/v3/device/admin/model/update',
  delete: '/v3/device/admin/model/delete',
} as const;

export const DeviceModelMessages = {
  notFound: '设备型号不存在或已被删除',
  nameRequired: '请输入型号名称',
  nameTaken: '型号名称已存在',
  typeRequired: '请选择设备类型',
  inUse: (n: number) => `该型号下还有${n}台设备，不能删除`,
  codesInUse: (n: number) => `该型号下还有${n}个绑定码，不能删除`,
  typeLocked: (n: number) => `该型号下已有${n}台设备，不能修改设备类型`,
  paramNameRequired: '请输入参数名称',
  tooManyParams: '参数最多20项',
} as const;

/** A model measures one type, or several (multi). */
export const DEVICE_MODEL_TYPES = [...MEASUREMENT_TYPES, 'multi'] as const;
export type DeviceModelType = (typeof DEVICE_MODEL_TYPES)[number];
export const DEVICE_MODEL_TYPE_LABELS: Record<DeviceModelType, string> = {
  ecg: '心电仪',
  bp: '血压计',
  bg: '血糖仪',
  chol: '胆固醇检测仪',
  ua: '尿酸检测仪',
  multi: '多参数检测仪',
};
export const DEVICE_MODEL_TYPE_LABELS_EN: Record<DeviceModelType, string> = {
  ecg: 'ECG recorder',
  bp: 'BP monitor',
  bg: 'Glucose meter',
  chol: 'Cholesterol meter',
  ua: 'Uric acid meter',
  multi: 'Multi-parameter',
};

/** The measurement types a model of this type may upload. */
export function measurementTypesOf(type: DeviceModelType): readonly MeasurementType[] {
  return type === 'multi' ? (['bg', 'chol', 'ua'] as const) : [type];
}

export const DEVICE_MODEL_NAME_MAX = 50;
export const DEVICE_PARAMS_MAX = 20;

export const deviceModelParamSchema = z.object({
  name: contentText(DeviceModelMessages.paramNameRequired, 20, '参数名称'),
  value: contentOptionalText(100, '参数值'),
});
export type DeviceModelParam = z.infer<typeof deviceModelParamSchema>;

export const deviceModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DEVICE_MODEL_TYPES),
  maker: z.string(),
  picture: z.string(),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
  remark: z.string(),
  /** Devices of this model now. */
  deviceCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;

export const deviceModelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DEVICE_MODEL_TYPES),
});
export type DeviceModelOption = z.infer<typeof deviceModelOptionSchema>;
export const deviceModelOptionsSchema = z.array(deviceModelOptionSchema);

const modelType = z.enum(DEVICE_MODEL_TYPES, { error: DeviceModelMessages.typeRequired });

export const deviceModelListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt', 'name'] as const).shape)
  .extend({
    name: optionalText(DEVICE_MODEL_NAME_MAX),
    type: z.preprocess(blank, modelType.optional()),
  });
export type DeviceModelListQuery = z.infer<typeof deviceModelListQuerySchema>;
export const deviceModelListSchema = pageOf(deviceModelSchema);

const modelFields = {
  name: contentText(DeviceModelMessages.nameRequired, DEVICE_MODEL_NAME_MAX, '型号名称'),
  type: modelType,
  maker: contentOptionalText(50, '生产厂家'),
  picture: contentOptionalText(500, '图片地址'),
  params: z
    .array(deviceModelParamSchema)
    .max(DEVICE_PARAMS_MAX, DeviceModelMessages.tooManyParams)
    .optional()
    .transform((v) => v ?? []),
  remark: contentOptionalText(200, '备注'),
};
export const deviceModelSaveRequestSchema = z.object(modelFields);
export type DeviceModelSaveRequest = z.infer<typeof deviceModelSaveRequestSchema>;
export const deviceModelUpdateRequestSchema = z.object({ id: contentIdSchema, ...modelFields });
export type DeviceModelUpdateRequest = z.infer<typeof deviceModelUpdateRequestSchema>;

/** Body of the device centre's single-record calls (delete, ...). */
export const deviceIdBodySchema = z.object({ id: contentIdSchema });
