import {
  memberOptionsQuerySchema,
  memberOptionsSchema,
  ORDER_STEPS,
  orderAddSchema,
  orderCancelSchema,
  orderCompleteSchema,
  orderCountsSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderGoodsOptionsQuerySchema,
  orderGoodsOptionsSchema,
  orderIdQuerySchema,
  orderIdSchema,
  orderListQuerySchema,
  orderListSchema,
  orderMemberInfoQuerySchema,
  orderMemberInfoSchema,
  OrderMessages,
  OrderPaths,
  orderRevealSchema,
  orderSchema,
  orderShipSchema,
  PAGES,
  SHIP_IMPORT_MAX_BYTES,
  SHIP_IMPORT_MAX_ROWS,
  shipBatchIdSchema,
  shipBatchSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import {
  contentDisposition,
  sendExport,
  sendXlsx,
  XLSX_CONTENT_TYPE,
} from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { readFilePart } from '../../../platform/uploads.js';
import { OrderService } from './service.js';
import { ShipImportService } from './ship-import.js';

/**
 * 订单管理 and 订单详情: the list with its counts, the detail with the timeline, placing an order
 * for a member (with its pickers), the state machine's steps (each on its action from
 * ORDER_STEPS), the reveal of the address, the export, and bulk shipping from a courier's file.
 */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new OrderService(ctx);
  const imports = new ShipImportService(ctx);
  const route = routeOptions(['integralmall'], [PAGES.orders, PAGES.orderDetail]);
  const { get, post } = standardRoutes(app, route);

  get(OrderPaths.list, {
    summary:
      '兑换订单列表（按订单号、会员姓名 / 手机号、商品名称、状态、下单时间筛选；手机号与地址脱敏）',
    querystring: orderListQuerySchema,
    data: orderListSchema,
    run: (request) => service.list(request.query),
  });

  get(OrderPaths.counts, {
    summary: '各状态订单数',
    data: orderCountsSchema,
    run: () => service.counts(),
  });

  get(OrderPaths.detail, {
    summary: '订单详情（含流转记录）',
    querystring: orderIdQuerySchema,
    data: orderDetailSchema,
    run: (request) => service.detail(request.query.id),
  });

  get(OrderPaths.memberOptions, {
    summary: '下单可选会员（手机号前缀或姓名；最多20个，手机号脱敏）',
    frontPath: [PAGES.orders],
    action: 'add',
    querystring: memberOptionsQuerySchema,
    data: memberOptionsSchema,
    run: (request) => service.memberOptions(request.query.keyword),
  });

  get(OrderPaths.memberInfo, {
    summary: '下单会员的积分余额与资料（脱敏）',
    frontPath: [PAGES.orders],
    action: 'add',
    querystring: orderMemberInfoQuerySchema,
    data: orderMemberInfoSchema,
    run: (request) => service.memberInfo(request.query.memberId),
  });

  get(OrderPaths.goodsOptions, {
    summary: '可兑换商品（上架且有库存）',
    frontPath: [PAGES.orders],
    action: 'add',
    querystring: orderGoodsOptionsQuerySchema,
    data: orderGoodsOptionsSchema,
    run: (request) => service.goodsOptions(request.query.keyword),
  });

  post(OrderPaths.add, {
    summary:
      '为会员下单（一个事务：库存、限购、积分扣减、积分明细、订单；同一 idempotencyKey 返回同一订单）',
    frontPath: [PAGES.orders],
    action: 'add',
    body: orderAddSchema,
    data: orderSchema,
    run: (request) => service.add(actorOf(request), request.body),
    message: () => OrderMessages.placed,
  });

  post(OrderPaths.ship, {
    summary: '发货（快递公司、快递单号）',
    frontPath: [PAGES.orders],
    action: ORDER_STEPS.ship.action,
    body: orderShipSchema,
    data: orderSchema,
    run: (request) => service.step(actorOf(request), 'ship', request.body),
    message: () => OrderMessages.shipped,
  });

  post(OrderPaths.cancel, {
    summary: '取消待发货订单（须填写原因；积分与库存在同一事务中退回）',
    frontPath: [PAGES.orders],
    action: ORDER_STEPS.cancel.action,
    body: orderCancelSchema,
    data: orderSchema,
    run: (request) => service.step(actorOf(request), 'cancel', request.body),
    message: () => OrderMessages.cancelled,
  });

  post(OrderPaths.complete, {
    summary: '代会员确认收货',
    frontPath: [PAGES.orders],
    action: ORDER_STEPS.complete.action,
    body: orderCompleteSchema,
    data: orderSchema,
    run: (request) => service.step(actorOf(request), 'complete', request.body),
    message: () => OrderMessages.completed,
  });

  post(OrderPaths.reveal, {
    summary: '查看订单收货人手机号与地址明文（记录操作日志）',
    frontPath: [PAGES.orders],
    action: 'reveal',
    body: orderIdSchema,
    data: orderRevealSchema,
    run: (request) => service.reveal(actorOf(request), request.body.id),
  });

  app.get(
    OrderPaths.export,
    route({
      summary: '导出订单（当前筛选，手机号与地址脱敏）',
      frontPath: [PAGES.orders],
      action: 'export',
      querystring: orderExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await service.export(actorOf(request), request.query)),
  );

  /* ---------------------------------------------------------------- bulk shipping */

  app.get(
    OrderPaths.shipTemplate,
    route({
      summary: '下载批量发货模板（xlsx：订单号、快递公司、快递单号）',
      frontPath: [PAGES.orders],
      action: 'ship',
    }),
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('批量发货模板.xlsx'))
        .header('cache-control', 'no-store')
        .send(await imports.template()),
  );

  const check = route({
    summary: `批量发货试运行（multipart，字段 file；xlsx 或 csv，≤ 5 MB，≤ ${SHIP_IMPORT_MAX_ROWS} 行）：逐行校验，不发货`,
    frontPath: [PAGES.orders],
    action: 'ship',
    data: shipBatchSchema,
  });
  app.post(
    OrderPaths.shipCheck,
    { ...check, schema: { ...check.schema, consumes: ['multipart/form-data'] } },
    async (request) => {
      const file = await readFilePart(request, SHIP_IMPORT_MAX_BYTES, {
        fileRequired: OrderMessages.fileRequired,
        tooLarge: OrderMessages.tooLarge,
        empty: OrderMessages.emptyFile,
      });
      const batch = await imports.check(actorOf(request), file);
      return ok(batch, OrderMessages.checked(batch.valid, batch.invalid));
    },
  );

  post(OrderPaths.shipCommit, {
    summary: '批量发货：发出试运行中校验通过的行（每行在自己的事务中再次校验）',
    frontPath: [PAGES.orders],
    action: 'ship',
    body: shipBatchIdSchema,
    data: shipBatchSchema,
    run: (request) => imports.commit(actorOf(request), request.body.id),
    message: (data) => OrderMessages.committed(data.shipped, data.failed + data.invalid),
  });

  app.get(
    OrderPaths.shipResult,
    route({
      summary: '下载批量发货结果（原行 + 处理结果，xlsx）',
      frontPath: [PAGES.orders],
      action: 'ship',
      querystring: shipBatchIdSchema,
    }),
    async (request, reply) => sendXlsx(reply, await imports.resultFile(request.query.id)),
  );
};
