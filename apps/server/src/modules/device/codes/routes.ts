import {
  DeviceCodeMessages,
  DeviceCodePaths,
  PAGES,
  deviceCodeBatchSchema,
  deviceCodeExportQuerySchema,
  deviceCodeGenerateRequestSchema,
  deviceCodeListQuerySchema,
  deviceCodeListSchema,
  deviceCodePrintQuerySchema,
  deviceCodeRedeemRequestSchema,
  deviceCodeRedeemedSchema,
  deviceCodeVoidRequestSchema,
  deviceCodeVoidedSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { contentDisposition, sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { DeviceCodeService } from './service.js';

/** Binding codes: list, generate a batch, void, export, print the label sheet, redeem. */
export const deviceCodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const codes = new DeviceCodeService(ctx);
  const route = routeOptions(['device'], PAGES.deviceCodes);
  const { get, post } = standardRoutes(app, route);

  get(DeviceCodePaths.list, {
    summary: '绑定码列表（批次、型号、状态含已过期、使用会员手机号、设备序列号筛选）',
    querystring: deviceCodeListQuerySchema,
    data: deviceCodeListSchema,
    run: (request) => codes.list(request.query),
  });

  post(DeviceCodePaths.add, {
    summary: '批量生成绑定码（1–1000个，12位 Crockford base32，单次有效）',
    action: 'add',
    body: deviceCodeGenerateRequestSchema,
    data: deviceCodeBatchSchema,
    run: (request) => codes.generate(actorOf(request), request.body),
    message: (data) => DeviceCodeMessages.generated(data.count, data.batchNo),
  });

  post(DeviceCodePaths.void, {
    summary: '作废绑定码（所选的码，或整个批次中未使用的码）',
    action: 'void',
    body: deviceCodeVoidRequestSchema,
    data: deviceCodeVoidedSchema,
    run: async (request) => ({ voided: await codes.void(actorOf(request), request.body) }),
    message: (data) => DeviceCodeMessages.voidedCount(data.voided),
  });

  post(DeviceCodePaths.redeem, {
    summary: '代会员用绑定码绑定设备（码未使用、未过期且与设备同型号，设备在库）',
    frontPath: PAGES.devices,
    action: 'bind',
    body: deviceCodeRedeemRequestSchema,
    data: deviceCodeRedeemedSchema,
    run: (request) => codes.redeem(actorOf(request), request.body),
    message: DeviceCodeMessages.bound,
  });

  app.get(
    DeviceCodePaths.export,
    route({
      summary: '导出绑定码（当前筛选，会员手机号脱敏）',
      action: 'export',
      querystring: deviceCodeExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await codes.export(actorOf(request), request.query)),
  );

  app.get(
    DeviceCodePaths.print,
    route({
      summary: '打印绑定码标签（A4 PDF，二维码、绑定码与型号；仅未使用且未过期的码）',
      action: 'export',
      querystring: deviceCodePrintQuerySchema,
    }),
    async (request, reply) => {
      const sheet = await codes.print(actorOf(request), request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(sheet.fileName))
        .header('cache-control', 'no-store')
        .send(sheet.pdf);
    },
  );
};
