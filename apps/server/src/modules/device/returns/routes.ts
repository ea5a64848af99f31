import {
  DeviceReturnMessages,
  DeviceReturnPaths,
  RETURN_FILINGS_PER_SERIAL_PER_HOUR,
  deviceReturnFileRequestSchema,
  deviceReturnFiledSchema,
  envelope,
  publicReturnAddressSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { TooManyRequestsError } from '../../../platform/errors.js';
import { FORM_OR_JSON } from '../../../platform/route-options.js';
import { DeviceReturnService } from './service.js';

const HOUR_MS = 60 * MINUTE_MS;

/**
 * The public page /equipment-return-address (no login): the return address and the filing of a
 * return. Both are held to the per-IP limit of the other public endpoints; a filing also to a
 * limit per serial, whatever the IP, so nobody tries phone numbers against one device.
 */
export const deviceReturnRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const returns = new DeviceReturnService(ctx);
  const perIp = { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS };
  const perSerial = app.createRateLimit({
    max: RETURN_FILINGS_PER_SERIAL_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `device-return:${(request.body as { serial: string }).serial}`,
  });

  app.get(
    DeviceReturnPaths.address,
    {
      config: { public: true, rateLimit: perIp },
      schema: {
        tags: ['device'],
        summary: '公开：设备归还地址（/equipment-return-address 页面使用，无需登录）',
        response: { 200: envelope(publicReturnAddressSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(returns.address());
    },
  );

  app.post(
    DeviceReturnPaths.file,
    {
      config: { public: true, rateLimit: perIp },
      schema: {
        tags: ['device'],
        summary:
          '公开：会员登记设备寄回（手机号与序列号须匹配出借或绑定给该会员的设备；同一快递单号重复提交不重复登记）',
        consumes: FORM_OR_JSON,
        body: deviceReturnFileRequestSchema,
        response: { 200: envelope(deviceReturnFiledSchema) },
      },
      preHandler: async (request) => {
        const limit = await perSerial(request);
        if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequestsError();
      },
    },
    async (request) => {
      const filed = await returns.file(request.body);
      return ok(
        filed,
        filed.duplicate ? DeviceReturnMessages.alreadyFiled : DeviceReturnMessages.filed,
      );
    },
  );
};
