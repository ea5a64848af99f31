import { z } from 'zod';
import { listQuerySchema, pageOf } from '../pagination.js';
import { fromNumberOrText } from '../ids.js';

/**
 * 设备统计's two views of the devices as they are now (not of a period): how many are in each
 * state and of each type, and the bound devices that have gone silent — no upload in N days —
 * with their members (phones masked), so someone can call them.
 */
export const STATISTICS_DEVICE_PATHS = {
  snapshot: '/v3/statistics/admin/devices/snapshot',
  silent: '/v3/statistics/admin/devices/silent',
} as const;

export const SILENT_DAYS_DEFAULT = 7;
export const SILENT_DAYS_MAX = 365;

export const silentDevicesQuerySchema = listQuerySchema.extend({
  days: fromNumberOrText(
    z.coerce
      .number({ error: '天数必须是数字' })
      .int('天数必须是整数')
      .min(1, '天数最小为1')
      .max(SILENT_DAYS_MAX, `天数最多为${SILENT_DAYS_MAX}`)
      .default(SILENT_DAYS_DEFAULT),
  ),
});
export type SilentDevicesQuery = z.infer<typeof silentDevicesQuerySchema>;

export const countRowSchema = z.object({
  value: z.string(),
  label: z.string(),
  labelEn: z.string(),
  count: z.number().int(),
});
export type CountRow = z.infer<typeof countRowSchema>;

export const deviceSnapshotSchema = z.object({
  total: z.number().int(),
  /** Every state, zeros included, in the order of the device states. */
  byStatus: z.array(countRowSchema),
  /** Every model type, zeros included. */
  byType: z.array(countRowSchema),
  asOf: z.number(),
});
export type DeviceSnapshot = z.infer<typeof deviceSnapshotSchema>;

export const silentDeviceSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  modelName: z.string(),
  memberId: z.number().int().nullable(),
  memberName: z.string(),
  /** Masked: 138****5678. */
  memberPhone: z.string(),
  boundAt: z.number().nullable(),
  /** null: never uploaded. */
  lastUploadAt: z.number().nullable(),
});
export type SilentDevice = z.infer<typeof silentDeviceSchema>;

export const silentDevicesPageSchema = pageOf(silentDeviceSchema);
