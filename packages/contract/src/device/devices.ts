import { z } from 'zod';
import { contentIdSchema, contentOptionalText } from '../content-fields.js';
import { idSchema, optionalIdSchema } from '../ids.js';
import {
  blankToUndefined as blank,
  optionalText,
  phoneFragmentSchema,
  sortQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { DEVICE_MODEL_TYPES } from './models.js';

/** Devices through their lifecycle (设备列表, PRODUCT.md §4 device; issue 12). */

export const DevicePaths = {
  list: '/v3/device/admin/device/list',
  detail: '/v3/device/admin/device/detail',
  add: '/v3/device/admin/device/add',
  update: '/v3/device/admin/device/update',
  export: '/v3/device/admin/device/export',
  /** A transition of the lifecycle: POST .../device/<transition> (bind, unbind, lend, ...). */
  transition: (t: DeviceTransition) => `/v3/device/admin/device/${t}` as const,
  /** A new secret, answered once; the old one keeps working for a day. */
  resetSecret: '/v3/device/admin/device/resetSecret',
  /** The devices of one member (member detail's tab). */
  ofMember: '/v3/device/admin/device/ofMember',
  /** A device's readings, newest first (the detail drawer). */
  readings: '/v3/device/admin/device/readings',
  /** Members in good standing to bind or lend to, by phone prefix or name. */
  memberOptions: '/v3/device/admin/device/memberOptions',
} as const;

export const DeviceMessages = {
  notFound: '设备不存在或已被删除',
  serialRequired: '请输入设备序列号',
  serialFormat: '序列号为6到32位大写字母、数字或连字符，且以字母或数字开头',
  serialTaken: '该序列号已存在',
  modelRequired: '请选择设备型号',
  modelNotFound: '设备型号不存在',
  memberRequired: '请选择会员',
  memberNotFound: '会员不存在',
  memberNotNormal: '该会员已冻结或注销，不能绑定设备',
  reasonRequired: '请输入原因',
  /** The state machine refuses: the device is not in a state the transition starts from. */
  transitionRefused: (status: string, action: string) => `设备当前为“${status}”，不能${action}`,
  changedMeanwhile: '设备状态已被他人修改，请刷新后重试',
  scrappedReadOnly: '已报废的设备不能修改',
} as const;

/* ------------------------------------------------------------------ statuses */

export const DEVICE_STATUSES = [
  'in_stock',
  'bound',
  'lent',
  'returned',
  'faulty',
  'scrapped',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  in_stock: '在库',
  bound: '已绑定',
  lent: '已出借',
  returned: '已归还',
  faulty: '故障',
  scrapped: '已报废',
};
export const DEVICE_STATUS_LABELS_EN: Record<DeviceStatus, string> = {
  in_stock: 'In stock',
  bound: 'Bound',
  lent: 'Lent',
  returned: 'Returned',
  faulty: 'Faulty',
  scrapped: 'Scrapped',
};

/** 6–32 of A–Z, 0–9 and '-', starting with a letter or digit (also the import's rule). */
export const DEVICE_SERIAL = /^[A-Z0-9][A-Z0-9-]{5,31}$/;

/* ------------------------------------------------------------------ the lifecycle */

/**
 * The lifecycle as a table: each transition, the statuses it starts from, the status it leads to,
 * the page action that grants it and what it does to the member link. The server refuses anything
 * else; the web shows a transition's button only where `transitionsFrom(status)` offers it.
 *
 *   in stock → bound (bind) | lent (lend) ; bound → in stock (unbind) ;
 *   lent | bound → returned (markReturned) → in stock (restock) ;
 *
 * A member may send back a bound device as well as a lent one (the public return page takes
 * both): receiving it ends the binding, and the event names the member it leaves.
 *   any but scrapped → faulty (fault) → in stock (repair) | scrapped (scrap)
 */
export const DEVICE_TRANSITIONS = {
  bind: { from: ['in_stock'], to: 'bound', action: 'bind', member: 'set' },
  unbind: { from: ['bound'], to: 'in_stock', action: 'bind', member: 'clear' },
  lend: { from: ['in_stock'], to: 'lent', action: 'lend', member: 'set' },
  markReturned: { from: ['lent', 'bound'], to: 'returned', action: 'return', member: 'clear' },
  restock: { from: ['returned'], to: 'in_stock', action: 'return', member: 'keep' },
  fault: {
    from: ['in_stock', 'bound', 'lent', 'returned'],
    to: 'faulty',
    action: 'fault',
    member: 'clear',
  },
  repair: { from: ['faulty'], to: 'in_stock', action: 'fault', member: 'keep' },
  scrap: { from: ['faulty'], to: 'scrapped', action: 'scrap', member: 'keep' },
} as const satisfies Record<
  string,
  {
    from: readonly DeviceStatus[];
    to: DeviceStatus;
    action: string;
    member: 'set' | 'clear' | 'keep';
  }
>;
export type DeviceTransition = keyof typeof DEVICE_TRANSITIONS;
export const DEVICE_TRANSITION_NAMES = Object.keys(DEVICE_TRANSITIONS) as DeviceTransition[];

export const DEVICE_TRANSITION_LABELS: Record<DeviceTransition, string> = {
  bind: '绑定',
  unbind: '解绑',
  lend: '出借',
  markReturned: '登记归还',
  restock: '归还入库',
  fault: '报故障',
  repair: '维修入库',
  scrap: '报废',
};
export const DEVICE_TRANSITION_LABELS_EN: Record<DeviceTransition, string> = {
  bind: 'Bind',
  unbind: 'Unbind',
  lend: 'Lend',
  markReturned: 'Mark returned',
  restock: 'Back in stock',
  fault: 'Report fault',
  repair: 'Repaired',
  scrap: 'Scrap',
};

/** Transitions that must say why (the event keeps the reason). */
export const REASON_REQUIRED: ReadonlySet<DeviceTransition> = new Set(['unbind', 'fault', 'scrap']);

/** The transitions a device in this status may take. */
export function transitionsFrom(status: DeviceStatus): DeviceTransition[] {
  return DEVICE_TRANSITION_NAMES.filter((t) =>
    (DEVICE_TRANSITIONS[t].from as readonly DeviceStatus[]).includes(status),
  );
}

/** Events that are not transitions (the status stays). */
export const DEVICE_EVENT_ACTIONS = [
  ...DEVICE_TRANSITION_NAMES,
  'add',
  'import',
  'edit',
  'resetSecret',
  'returnFiled',
  'codeBind',
] as const;
export type DeviceEventAction = (typeof DEVICE_EVENT_ACTIONS)[number];
export const DEVICE_EVENT_LABELS: Record<DeviceEventAction, string> = {
  ...DEVICE_TRANSITION_LABELS,
  add: '入库',
  import: '批量导入',
  edit: '编辑',
  resetSecret: '重置密钥',
  returnFiled: '会员寄回',
  codeBind: '扫码绑定',
};
export const DEVICE_EVENT_LABELS_EN: Record<DeviceEventAction, string> = {
  ...DEVICE_TRANSITION_LABELS_EN,
  add: 'Added',
  import: 'Imported',
  edit: 'Edited',
  resetSecret: 'Secret reset',
  returnFiled: 'Return filed',
  codeBind: 'Bound by code',
};

/** A reset secret's predecessor keeps working this long (re-provisioning a device). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/* ------------------------------------------------------------------ list and detail */

export const deviceSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  /** The model's type. */
  type: z.enum(DEVICE_MODEL_TYPES),
  status: z.enum(DEVICE_STATUSES),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  /** Masked. */
  memberPhone: z.string().nullable(),
  boundAt: z.number().int().nullable(),
  lentAt: z.number().int().nullable(),
  depositFen: z.number().int().nullable(),
  returnDueAt: z.number().int().nullable(),
  lastUploadAt: z.number().int().nullable(),
  /** Uploaded within the online window of 运营配置. */
  online: z.boolean(),
  battery: z.number().int().nullable(),
  firmware: z.string(),
  remark: z.string(),
  /** Returns filed by the member and not yet received. */
  pendingReturns: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(DEVICE_EVENT_ACTIONS),
  fromStatus: z.enum(DEVICE_STATUSES).nullable(),
  toStatus: z.enum(DEVICE_STATUSES),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.number().int(),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

export const deviceReturnSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serial: z.string(),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  courier: z.string(),
  trackingNo: z.string(),
  status: z.enum(['pending', 'received']),
  filedAt: z.number().int(),
  handledAt: z.number().int().nullable(),
  handledBy: z.string().nullable(),
});
export type DeviceReturn = z.infer<typeof deviceReturnSchema>;

export const deviceDetailSchema = deviceSchema.extend({
  /** Newest first. */
  events: z.array(deviceEventSchema),
  returns: z.array(deviceReturnSchema),
  /** Until when the secret before the last reset still works (null: none). */
  previousSecretUntil: z.number().int().nullable(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

const statusFilter = z.preprocess(
  blank,
  z.enum(DEVICE_STATUSES, { error: '设备状态不正确' }).optional(),
);
const booleanFilter = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blank(v)),
    z.boolean({ error: message }).optional(),
  );

const deviceFilters = {
  serial: optionalText(32),
  modelId: optionalIdSchema('设备型号'),
  type: z.preprocess(blank, z.enum(DEVICE_MODEL_TYPES, { error: '设备类型不正确' }).optional()),
  status: statusFilter,
  memberId: optionalIdSchema('会员'),
  phone: phoneFragmentSchema,
  online: booleanFilter('在线状态不正确'),
  pendingReturn: booleanFilter('寄回状态不正确'),
};
export const deviceExportQuerySchema = z
  .object(deviceFilters)
  .extend(sortQuerySchema(['createdAt', 'lastUploadAt', 'serial'] as const).shape);
export type DeviceExportQuery = z.infer<typeof deviceExportQuerySchema>;
export const deviceListQuerySchema = listQuerySchema.extend(deviceExportQuerySchema.shape);
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;
export const deviceListSchema = pageOf(deviceSchema);

/** One reading a device uploaded, as the device's detail shows it. */
export const deviceReadingSchema = z.object({
  id: z.number().int(),
  type: z.enum(['bp', 'bg', 'chol', 'ua', 'ecg']),
  measuredAt: z.number().int(),
  /** The values as uploaded (an ECG's without its samples: sampleRate, leads, heartRate, ...). */
  values: z.record(z.string(), z.unknown()),
  level: z.enum(['normal', 'warning', 'urgent']),
  /** The classification's words ("二级高血压"). */
  /** The classification's key (normal, grade2, high, ...). */
  category: z.string(),
  label: z.string(),
  createdAt: z.number().int(),
});
export type DeviceReading = z.infer<typeof deviceReadingSchema>;
export const deviceReadingsQuerySchema = listQuerySchema.extend({ id: contentIdSchema });
export const deviceReadingListSchema = pageOf(deviceReadingSchema);

export const memberDevicesQuerySchema = z.object({ memberId: idSchema('会员') });
export const memberDevicesSchema = z.array(deviceSchema);

/* ------------------------------------------------------------------ requests */

export const deviceSerialField = z
  .string({ error: DeviceMessages.serialRequired })
  .trim()
  .min(1, DeviceMessages.serialRequired)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(DEVICE_SERIAL, DeviceMessages.serialFormat));

export const deviceAddRequestSchema = z.object({
  serial: deviceSerialField,
  modelId: idSchema('设备型号', { invalid: DeviceMessages.modelRequired }),
  firmware: contentOptionalText(32, '固件版本'),
  remark: contentOptionalText(200, '备注'),
});
export type DeviceAddRequest = z.infer<typeof deviceAddRequestSchema>;

export const deviceUpdateRequestSchema = z.object({
  id: contentIdSchema,
  modelId: idSchema('设备型号', { invalid: DeviceMessages.modelRequired }),
  firmware: contentOptionalText(32, '固件版本'),
  remark: contentOptionalText(200, '备注'),
});
export type DeviceUpdateRequest = z.infer<typeof deviceUpdateRequestSchema>;

/** Body of every transition; bind and lend need the member, unbind, fault and scrap a reason. */
export const deviceTransitionRequestSchema = z.object({
  id: contentIdSchema,
  memberId: optionalIdSchema('会员', { invalid: DeviceMessages.memberRequired }),
  remark: contentOptionalText(200, '原因'),
});
export type DeviceTransitionRequest = z.infer<typeof deviceTransitionRequestSchema>;

/** The answer of add and resetSecret: the secret, this once. */
export const deviceSecretSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  secret: z.string(),
  /** Until when the previous secret still works (resetSecret), else null. */
  previousSecretUntil: z.number().int().nullable(),
});
export type DeviceSecret = z.infer<typeof deviceSecretSchema>;
