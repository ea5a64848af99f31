import { COURIER_LABELS, COURIERS, chinaDateOf, type OrderStatus } from '@health/contract';
import type { Kysely } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';
import type { Database } from '../../../db/schema.js';
import { PointsService } from '../../member/points/service.js';
import { GoodsStock } from '../goods/stock.js';
import { OrdersRepo } from './repo.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The story of the demo orders: where each ends. */
const ENDS: OrderStatus[] = [
  'to_ship',
  'to_ship',
  'to_ship',
  'shipped',
  'shipped',
  'completed',
  'completed',
  'completed',
  'cancelled',
  'to_ship',
  'shipped',
  'completed',
];
const ORDERS = 24;
const STREETS = [
  '浙江省杭州市西湖区文三路 168 号 2 幢 301 室',
  '江苏省南京市鼓楼区中山北路 30 号 5 单元 602 室',
  '上海市浦东新区张杨路 500 号 12 楼',
  '广东省广州市天河区体育西路 88 号 1502 室',
  '北京市海淀区中关村南大街 5 号院 3 号楼 201 室',
];
const CANCEL_REASONS = ['会员来电取消兑换', '收货地址无法配送', '会员重复下单'];

/**
 * Demo exchange orders over the last weeks, in every status, on whatever goods are on shelf (the
 * goods demo runs first; with none there are no orders): placed by demo members who can afford
 * them, the points deducted through PointsService at the order's time (refunded for the cancelled
 * ones), stock taken and given back through GoodsStock, courier and tracking numbers on the
 * shipped and completed ones, each step an event — so balances always equal the ledgers.
 */
export async function orderDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { random } = demo;
  const stock = new GoodsStock(db);
  const goods = (
    await Promise.all((await stock.onShelfIds()).map((id) => stock.forOrder(id)))
  ).filter((g) => g !== null && g.kind === 'goods');
  if (goods.length === 0) return;
  const points = new PointsService(db, () => demo.now);
  const repo = new OrdersRepo(db);
  const members = await db
    .selectFrom('members')
    .select(['id', 'name', 'phone', 'points_balance'])
    .where('status', '=', 'normal')
    .where('phone', 'is not', null)
    .where('points_balance', '>=', 100)
    .orderBy('points_balance', 'desc')
    .limit(40)
    .execute();
  if (members.length === 0) return;
  const balance = new Map(members.map((m) => [Number(m.id), Number(m.points_balance)]));

  for (let i = 0; i < ORDERS; i++) {
    const g = random.pick(goods)!;
    const end = ENDS[i % ENDS.length]!;
    const quantity = g.stock >= 2 && random.chance(0.2) ? 2 : 1;
    const total = g.pointsPrice * quantity;
    const member = members[(i * 7) % members.length]!;
    const memberId = Number(member.id);
    // The newest orders are the ones still to ship; older ones went further.
    // Shipped ones within 运营配置's default confirm days (the job would complete older ones).
    const age =
      end === 'to_ship'
        ? random.int(2, 72) * HOUR
        : end === 'shipped'
          ? random.int(2, 5) * DAY
          : random.int(8, 28) * DAY + random.int(0, 20) * HOUR;
    const at = demo.now - age;
    if (!(await stock.take(g.id, quantity, at))) continue;
    // Demo members have months of measurement points, not the years a device costs: the buyers
    // got the rest in a members' day campaign before ordering (an adjustment in their ledger).
    const short = total - balance.get(memberId)!;
    if (short > 0) {
      const credited = await points.change(db, {
        memberId,
        amount: Math.ceil((short + random.int(0, 500)) / 100) * 100,
        type: 'adjust',
        remark: '会员日活动赠送积分',
        operator: { id: null, name: '运营中心' },
        at: at - random.int(1, 48) * HOUR,
      });
      balance.set(memberId, credited);
    }
    const orderNo = `JF${chinaDateOf(at).replace(/-/g, '')}${String(100000 + i * 37 + random.int(0, 36)).padStart(6, '0')}`;
    const id = await repo.insert({
      order_no: orderNo,
      member_id: memberId,
      goods_id: g.id,
      goods_name: g.name,
      goods_image: g.image,
      goods_kind: 'goods',
      quantity,
      points_price: g.pointsPrice,
      points_total: total,
      cash_fen: 0,
      receiver: member.name,
      phone: member.phone ?? '',
      address: STREETS[i % STREETS.length]!,
      remark: i % 5 === 0 ? '工作日送货' : '',
      status: 'to_ship',
      courier: null,
      tracking_no: null,
      shipped_at: null,
      completed_at: null,
      cancelled_at: null,
      redeem_ledger_id: null,
      refund_ledger_id: null,
      idempotency_key: `demo-${i}`,
      created_by_id: null,
      created_by: member.name,
      created_at: at,
      updated_at: at,
    });
    const { ledgerId, balance: after } = await points.changeWithRow(db, {
      memberId,
      amount: -total,
      type: 'redeem',
      refType: 'mall_order',
      refId: id,
      remark: `积分商城兑换：${g.name} × ${quantity}（${orderNo}）`,
      at,
    });
    balance.set(memberId, after);
    const event = (
      action: string,
      from: OrderStatus | null,
      to: OrderStatus,
      when: number,
      who: string,
      remark: string,
    ) =>
      repo.insertEvent({
        order_id: id,
        action,
        from_status: from,
        to_status: to,
        operator_id: null,
        operator_name: who,
        remark,
        created_at: when,
      });
    await event(
      'create',
      null,
      'to_ship',
      at,
      member.name,
      `实物商品：${g.name} × ${quantity}，${total}积分`,
    );
    const values: Parameters<OrdersRepo['set']>[1] = { redeem_ledger_id: ledgerId };

    if (end === 'cancelled') {
      const when = at + random.int(1, 20) * HOUR;
      const reason = random.pick(CANCEL_REASONS);
      await stock.giveBack(g.id, quantity, when);
      const refund = await points.changeWithRow(db, {
        memberId,
        amount: total,
        type: 'refund',
        refType: 'mall_order',
        refId: id,
        remark: `积分商城订单取消退回（${orderNo}）：${reason}`,
        operator: { id: null, name: '客服' },
        at: when,
      });
      balance.set(memberId, refund.balance);
      Object.assign(values, {
        status: 'cancelled',
        cancelled_at: when,
        cancel_reason: reason,
        refund_ledger_id: refund.ledgerId,
        updated_at: when,
      });
      await event('cancel', 'to_ship', 'cancelled', when, '客服', reason);
    }
    if (end === 'shipped' || end === 'completed') {
      const shippedAt = at + random.int(3, 24) * HOUR;
      const courier = random.pick(COURIERS.filter((c) => c !== 'other'));
      const trackingNo = `${courier.toUpperCase()}${String(random.int(100000000, 999999999))}${i}`;
      Object.assign(values, {
        status: 'shipped',
        courier,
        tracking_no: trackingNo,
        shipped_at: shippedAt,
        updated_at: shippedAt,
      });
      await event(
        'ship',
        'to_ship',
        'shipped',
        shippedAt,
        '仓库',
        `${COURIER_LABELS[courier]} ${trackingNo}`,
      );
      if (end === 'completed') {
        const completedAt = Math.min(shippedAt + random.int(2, 6) * DAY, demo.now - HOUR);
        Object.assign(values, {
          status: 'completed',
          completed_at: completedAt,
          updated_at: completedAt,
        });
        await event('complete', 'shipped', 'completed', completedAt, member.name, '');
      }
    }
    await repo.set(id, values);
  }
}
