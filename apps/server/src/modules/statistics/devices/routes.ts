import {
  deviceSnapshotSchema,
  PAGES,
  silentDevicesPageSchema,
  silentDevicesQuerySchema,
  STATISTICS_DEVICE_PATHS,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { DeviceStatisticsService } from './service.js';

/** 设备统计: the devices by state and type now, and the silent ones with their members. */
export const deviceStatisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = new DeviceStatisticsService(ctx);
  const { get } = standardRoutes(app, routeOptions(['statistics'], PAGES.statsDevices));

  get(STATISTICS_DEVICE_PATHS.snapshot, {
    summary: '设备按状态和类型的台数（当前）',
    data: deviceSnapshotSchema,
    run: () => service.snapshot(),
  });

  get(STATISTICS_DEVICE_PATHS.silent, {
    summary: '沉默设备：已绑定但 N 天内没有上传的设备及其会员（手机号脱敏）',
    querystring: silentDevicesQuerySchema,
    data: silentDevicesPageSchema,
    run: (request) => service.silent(request.query),
  });
};
