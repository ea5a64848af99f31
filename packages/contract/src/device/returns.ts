import { z } from 'zod';
import { contentText, mainlandPhoneField } from '../content-fields.js';
import { deviceSerialField } from './devices.js';

/**
 * /equipment-return-address (public, no login): the return address of 基础设置 and the form a
 * member files a return with (phone, serial, courier, tracking number).
 */
export const DeviceReturnPaths = {
  address: '/v3/device/common/return/address',
  file: '/v3/device/common/return/file',
} as const;

export const COURIERS = ['sf', 'zto', 'yto', 'yunda', 'sto', 'ems', 'jd', 'post', 'other'] as const;
export type Courier = (typeof COURIERS)[number];
export const COURIER_LABELS: Record<Courier, string> = {
  sf: '顺丰速运',
  zto: '中通快递',
  yto: '圆通速递',
  yunda: '韵达快递',
  sto: '申通快递',
  ems: 'EMS',
  jd: '京东物流',
  post: '中国邮政',
  other: '其他',
};
export const COURIER_LABELS_EN: Record<Courier, string> = {
  sf: 'SF Express',
  zto: 'ZTO Express',
  yto: 'YTO Express',
  yunda: 'Yunda Express',
  sto: 'STO Express',
  ems: 'EMS',
  jd: 'JD Logistics',
  post: 'China Post',
  other: 'Other',
};

/** A tracking number: 6–32 letters, digits or hyphens. */
export const TRACKING_NO = /^[A-Za-z0-9-]{6,32}$/;

/** How many returns one serial may file per hour, whatever the IP (guessing a member's phone). */
export const RETURN_FILINGS_PER_SERIAL_PER_HOUR = 10;

export const DeviceReturnMessages = {
  /** Said for an unknown serial, an unknown phone and a pair that does not belong together alike. */
  mismatch: '手机号与设备序列号不匹配，请核对后重试',
  courierRequired: '请选择快递公司',
  trackingRequired: '请输入快递单号',
  trackingFormat: '快递单号为6到32位字母、数字或连字符',
  filed: '寄回登记成功',
  alreadyFiled: '该快递单号已登记，无需重复提交',
} as const;

export const publicReturnAddressSchema = z.object({
  receiver: z.string(),
  phone: z.string(),
  address: z.string(),
  /** False until 基础设置 has a return address. */
  configured: z.boolean(),
});
export type PublicReturnAddress = z.infer<typeof publicReturnAddressSchema>;

export const deviceReturnFileRequestSchema = z.object({
  phone: mainlandPhoneField,
  serial: deviceSerialField,
  courier: z.enum(COURIERS, { error: DeviceReturnMessages.courierRequired }),
  trackingNo: contentText(DeviceReturnMessages.trackingRequired, 32, '快递单号')
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(TRACKING_NO, DeviceReturnMessages.trackingFormat)),
});
export type DeviceReturnFileRequest = z.infer<typeof deviceReturnFileRequestSchema>;

export const deviceReturnFiledSchema = z.object({
  serial: z.string(),
  courier: z.enum(COURIERS),
  trackingNo: z.string(),
  filedAt: z.number().int(),
  /** The same tracking number was filed before: nothing new was written. */
  duplicate: z.boolean(),
});
export type DeviceReturnFiled = z.infer<typeof deviceReturnFiledSchema>;
