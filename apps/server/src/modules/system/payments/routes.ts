import {
  PAGES,
  payConfigListSchema,
  payConfigSchema,
  payConfigUpdateSchema,
  PaymentPaths,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { PaymentService } from './service.js';

const PAYMENT_PAGE = PAGES.payments;

const route = routeOptions(['system'], PAYMENT_PAGE);

/** Payment channels (spec §7 sysPayConfig list/update). Secrets are write-only. */
export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const payment = new PaymentService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(PaymentPaths.list, {
    summary: '支付渠道配置（密钥只返回是否已设置）',
    data: payConfigListSchema,
    run: async () => ({ list: await payment.list() }),
  });

  post(PaymentPaths.update, {
    summary: '保存一个支付渠道的配置（密钥留空表示不修改）',
    action: 'edit',
    body: payConfigUpdateSchema,
    data: payConfigSchema,
    run: (request) => payment.update(actorOf(request), request.body),
    message: '已保存',
  });
};
