import {
  contentIdQuerySchema,
  deviceAddRequestSchema,
  deviceDetailSchema,
  deviceExportQuerySchema,
  deviceIdBodySchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceReadingListSchema,
  deviceReadingsQuerySchema,
  memberOptionsQuerySchema,
  memberOptionsSchema,
  deviceSchema,
  deviceSecretSchema,
  deviceTransitionRequestSchema,
  deviceUpdateRequestSchema,
  memberDevicesQuerySchema,
  memberDevicesSchema,
  DEVICE_TRANSITION_NAMES,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITIONS,
  DevicePaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { DeviceService } from './service.js';

const idData = z.object({ id: z.number().int() });

/** Devices: list, detail, add, edit, the lifecycle's transitions, the secret, the export. */
export const deviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const devices = new DeviceService(ctx);
  const route = routeOptions(['device'], PAGES.devices);
  const { get, post } = standardRoutes(app, route);

  get(DevicePaths.list, {
    summary: '设备列表（序列号、型号、类型、状态、会员、在线、待收寄回筛选）',
    querystring: deviceListQuerySchema,
    data: deviceListSchema,
    run: (request) => devices.list(request.query),
  });

  get(DevicePaths.detail, {
    summary: '设备详情（含生命周期事件与会员寄回记录）',
    querystring: contentIdQuerySchema,
    data: deviceDetailSchema,
    run: (request) => devices.detail(request.query.id),
  });

  get(DevicePaths.readings, {
    summary: '设备上传的测量记录（最新在前，含预警级别）',
    querystring: deviceReadingsQuerySchema,
    data: deviceReadingListSchema,
    run: (request) => devices.readings(request.query.id, request.query),
  });

  get(DevicePaths.ofMember, {
    summary: '会员名下的设备（会员详情）',
    frontPath: [PAGES.memberDetail, PAGES.devices],
    querystring: memberDevicesQuerySchema,
    data: memberDevicesSchema,
    run: (request) => devices.ofMember(request.query.memberId),
  });

  get(DevicePaths.memberOptions, {
    summary: '可绑定/出借的会员（手机号前缀或姓名；最多20个，手机号脱敏）',
    querystring: memberOptionsQuerySchema,
    data: memberOptionsSchema,
    run: (request) => devices.memberOptions(request.query.keyword),
  });

  post(DevicePaths.add, {
    summary: '新增设备（入库；密钥仅在此返回一次）',
    action: 'add',
    body: deviceAddRequestSchema,
    data: deviceSecretSchema,
    run: (request) => devices.add(actorOf(request), request.body),
  });

  post(DevicePaths.update, {
    summary: '修改设备（型号、固件版本、备注）',
    action: 'edit',
    body: deviceUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      await devices.update(actorOf(request), request.body);
      return { id: request.body.id };
    },
  });

  for (const name of DEVICE_TRANSITION_NAMES) {
    post(DevicePaths.transition(name), {
      summary: `设备${DEVICE_TRANSITION_LABELS[name]}（状态机：${DEVICE_TRANSITIONS[name].from.join(' | ')} → ${DEVICE_TRANSITIONS[name].to}）`,
      action: DEVICE_TRANSITIONS[name].action,
      body: deviceTransitionRequestSchema,
      data: deviceSchema,
      run: (request) => devices.transition(actorOf(request), name, request.body),
    });
  }

  post(DevicePaths.resetSecret, {
    summary: '重置设备密钥（新密钥仅返回一次；旧密钥24小时内仍有效）',
    action: 'secret',
    body: deviceIdBodySchema,
    data: deviceSecretSchema,
    run: (request) => devices.resetSecret(actorOf(request), request.body.id),
  });

  app.get(
    DevicePaths.export,
    route({
      summary: '导出设备（当前筛选，会员手机号脱敏）',
      action: 'export',
      querystring: deviceExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await devices.export(actorOf(request), request.query)),
  );
};
