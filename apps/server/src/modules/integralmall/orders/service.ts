import { randomInt } from 'node:crypto';
import {
  chinaDateOf,
  COURIER_LABELS,
  DAY_MS,
  formatChinaDate,
  maskPhone,
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STEP_LABELS,
  ORDER_STEPS,
  ORDER_SYSTEM_OPERATOR,
  OrderMessages,
  PointsMessages,
  SETTINGS_DEFAULTS,
  State,
  type Courier,
  type MemberOption,
  type Order,
  type OrderAdd,
  type OrderCounts,
  type OrderDetail,
  type OrderEvent,
  type OrderExportQuery,
  type OrderGoodsOption,
  type OrderMemberInfo,
  type OrderReveal,
  type OrderSet,
  type OrderStatus,
  type OrderStep,
  type Page,
} from '@health/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';
import { HealthTasksRepo } from '../../health/tasks/repo.js';
import { HealthTaskService } from '../../health/tasks/service.js';
import { memberOptions } from '../../member/members/options.js';
import { MembersRepo } from '../../member/members/repo.js';
import { InsufficientPointsError, PointsService } from '../../member/points/service.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import type { JobScheduler } from '../../../platform/jobs.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { GoodsStock, type GoodsForOrder } from '../goods/stock.js';
import { OrdersRepo, type JoinedOrderRow, type OrderEventRow, type OrderRowDb } from './repo.js';

/** The operation log's module of the mall. */
export const AUDIT_MODULE = 'integralmall';
/** Kind of the job that completes shipped orders after 运营配置's confirm days. */
export const ORDER_AUTO_COMPLETE_JOB = 'mall.orders.autoComplete';
/** The job runs this often. */
const AUTO_COMPLETE_EVERY_MS = 60 * 60 * 1000;
/** Orders completed per transaction batch of the job. */
const AUTO_COMPLETE_BATCH = 200;
/** The operation-log action of each step (an action means the same in every module). */
export const STEP_AUDIT_ACTIONS = {
  ship: 'orderShip',
  cancel: 'orderCancel',
  complete: 'orderComplete',
} as const;
/** Who the job's events name. */
const SYSTEM = { operatorId: null, displayName: ORDER_SYSTEM_OPERATOR };

const failed = (msg: string) => new AppError(State.FAILED, msg);
const optionalNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** An address shows its first six characters (province and city) and hides the rest. */
export function maskAddress(address: string): string {
  const text = address.trim();
  if (!text) return '';
  return text.length <= 6 ? `${text.slice(0, 2)}****` : `${text.slice(0, 6)}****`;
}

export function toOrder(row: JoinedOrderRow): Order {
  return {
    id: Number(row.id),
    orderNo: row.order_no,
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    goodsId: Number(row.goods_id),
    goodsName: row.goods_name,
    goodsImage: row.goods_image,
    goodsKind: row.goods_kind,
    quantity: Number(row.quantity),
    pointsPrice: Number(row.points_price),
    pointsTotal: Number(row.points_total),
    receiver: row.receiver,
    phone: maskPhone(row.phone),
    address: maskAddress(row.address),
    remark: row.remark,
    status: row.status,
    courier: (row.courier as Courier | null) ?? null,
    trackingNo: row.tracking_no,
    shippedAt: optionalNumber(row.shipped_at),
    completedAt: optionalNumber(row.completed_at),
    cancelledAt: optionalNumber(row.cancelled_at),
    cancelReason: row.cancel_reason,
    redeemLedgerId: optionalNumber(row.redeem_ledger_id),
    refundLedgerId: optionalNumber(row.refund_ledger_id),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
  };
}

function toEvent(row: OrderEventRow): OrderEvent {
  return {
    id: Number(row.id),
    action: row.action as OrderEvent['action'],
    fromStatus: row.from_status,
    toStatus: row.to_status,
    operatorName: row.operator_name,
    remark: row.remark,
    createdAt: Number(row.created_at),
  };
}

/** What a step of an order needs besides its id. */
export interface StepInput {
  id: number;
  courier?: Courier;
  trackingNo?: string;
  reason?: string;
}

type StepActor = Pick<Actor, 'operatorId' | 'displayName'> | typeof SYSTEM;

/**
 * Exchange orders (contract integralmall/orders.ts). Placing one is ONE transaction: the goods'
 * stock taken with a conditional UPDATE (which also locks the goods row, so the per-member limit
 * summed next cannot be raced by another order of the same goods), the order row, the points
 * deducted through PointsService.redeem (its conditional UPDATE never goes below zero), the
 * order's ledger row, its event — and for a service package its health tasks. Every step of the
 * state machine (ORDER_STEPS) is one conditional UPDATE on the status read, with its event; a
 * cancel refunds the points and gives back the stock in that same transaction, so exactly once.
 * Locks are always taken goods → member, so two transactions never wait on each other in a ring.
 */
export class OrderService {
  private readonly repo: OrdersRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new OrdersRepo(ctx.db);
  }

  private orderSet(): OrderSet {
    return {
      ...SETTINGS_DEFAULTS.order,
      ...this.ctx.settings.get('order', SETTINGS_DEFAULTS.order),
    };
  }

  list(query: OrderExportQuery & PageRequest): Promise<Page<Order>> {
    return paginate(this.ctx.db, this.repo.query(query), query, (r) =>
      toOrder(r as JoinedOrderRow),
    );
  }

  counts(): Promise<OrderCounts> {
    return this.repo.counts();
  }

  /** Orders waiting to be shipped (the overview's to-do). */
  toShipCount(db: Kysely<Database>): Promise<number> {
    return new OrdersRepo(db).counts().then((c) => c.to_ship);
  }

  private async load(id: number): Promise<JoinedOrderRow> {
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(OrderMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<OrderDetail> {
    const row = await this.load(id);
    const [events, tasks] = await Promise.all([
      this.repo.events(id),
      row.goods_kind === 'service'
        ? new HealthTasksRepo(this.ctx.db).ofSource('package', id)
        : Promise.resolve([]),
    ]);
    const shippedAt = optionalNumber(row.shipped_at);
    return {
      ...toOrder(row),
      events: events.map(toEvent),
      taskIds: tasks.map((t) => Number(t.id)),
      autoCompleteAt:
        row.status === 'shipped' && shippedAt !== null
          ? shippedAt + this.orderSet().autoConfirmDays * DAY_MS
          : null,
    };
  }

  /** The plain receiver, phone and address of an order; the reveal is written to the log. */
  async reveal(actor: Actor, id: number): Promise<OrderReveal> {
    const row = await this.load(id);
    await this.ctx.audit.record(actor, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: `订单 ${row.order_no}`,
      after: { field: 'orderAddress', phone: maskPhone(row.phone) },
      message: '查看订单收货人手机号和地址明文',
    });
    return { receiver: row.receiver, phone: row.phone, address: row.address };
  }

  /** The order form's member picker. */
  memberOptions(keyword: string): Promise<MemberOption[]> {
    return memberOptions(this.ctx.db, keyword);
  }

  /** The picked member: balance, status, what is on file (masked). */
  async memberInfo(memberId: number): Promise<OrderMemberInfo> {
    const member = await new MembersRepo(this.ctx.db).brief(memberId);
    if (!member) throw new NotFoundError(OrderMessages.memberNotFound);
    return {
      id: Number(member.id),
      name: member.name,
      phone: maskPhone(member.phone),
      pointsBalance: Number(member.points_balance),
      status: member.status,
      address: maskAddress(await this.addressOnFile(memberId)),
    };
  }

  /** The member's address on file: province, city and street in one line. */
  private async addressOnFile(memberId: number): Promise<string> {
    const row = await new MembersRepo(this.ctx.db).addressOf(memberId);
    if (!row) return '';
    return [row.province, row.city, row.address].filter((p) => p && p.trim()).join('');
  }

  async goodsOptions(keyword: string | undefined): Promise<OrderGoodsOption[]> {
    return new GoodsStock(this.ctx.db).options(keyword);
  }

  /** A new readable order number: JF + China date + six random digits (unique, retried). */
  private async newOrderNo(at: number): Promise<string> {
    const day = chinaDateOf(at).replace(/-/g, '');
    for (let i = 0; i < 5; i++) {
      const no = `JF${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      if (!(await this.repo.numberTaken(no))) return no;
    }
    return `JF${day}${String(at % 1_000_000_000).padStart(9, '0')}`;
  }

  /**
   * Place an order for a member. The same idempotency key of the same member answers the order
   * it made, charging nothing more (also when both requests arrive at once: the unique index
   * refuses the loser's insert, its transaction rolls back, and it answers the winner's order).
   */
  async add(actor: Actor, input: OrderAdd, at: number = this.ctx.now()): Promise<Order> {
    const earlier = await this.repo.byIdempotencyKey(input.memberId, input.idempotencyKey);
    if (earlier) return toOrder(await this.load(Number(earlier.id)));

    const member = await new MembersRepo(this.ctx.db).brief(input.memberId);
    if (!member) throw ValidationError.field('memberId', OrderMessages.memberNotFound);
    if (member.status === 'frozen') throw failed(PointsMessages.memberFrozen);
    if (member.status === 'logged_off') throw failed(PointsMessages.memberLoggedOff);
    const goods = await new GoodsStock(this.ctx.db).forOrder(input.goodsId);
    if (!goods) throw ValidationError.field('goodsId', OrderMessages.goodsNotFound);
    if (!goods.onShelf) throw failed(OrderMessages.goodsOffShelf);
    const total = goods.pointsPrice * input.quantity;
    // Quick answers before anything is locked; the transaction decides again.
    if (goods.stock < input.quantity) throw failed(OrderMessages.soldOut);
    if (Number(member.points_balance) < total)
      throw failed(OrderMessages.insufficient(total, Number(member.points_balance)));

    const service = goods.kind === 'service';
    const receiver = input.receiver || member.name;
    let phone = input.phone;
    let address = input.address;
    if (!service) {
      phone ||= member.phone ?? '';
      address ||= await this.addressOnFile(input.memberId);
      if (!phone) throw ValidationError.field('phone', OrderMessages.phoneRequired);
      if (!address) throw ValidationError.field('address', OrderMessages.addressRequired);
    }
    const orderNo = await this.newOrderNo(at);

    try {
      const id = await auditedChange(this.ctx, actor, (trx) =>
        this.place(trx, actor, input, goods, { orderNo, receiver, phone, address, total, at }),
      );
      return toOrder(await this.load(id));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The same key won meanwhile: answer its order.
      const winner = await this.repo.byIdempotencyKey(input.memberId, input.idempotencyKey);
      if (!winner) throw err;
      return toOrder(await this.load(Number(winner.id)));
    }
  }

  /** The order's transaction (see the class comment). */
  private async place(
    trx: Kysely<Database>,
    actor: StepActor,
    input: OrderAdd,
    goods: GoodsForOrder,
    order: {
      orderNo: string;
      receiver: string;
      phone: string;
      address: string;
      total: number;
      at: number;
    },
  ) {
    const { at, total, orderNo } = order;
    const stock = new GoodsStock(trx);
    if (!(await stock.take(goods.id, input.quantity, at))) {
      const now = await stock.forOrder(goods.id);
      if (!now) throw ValidationError.field('goodsId', OrderMessages.goodsNotFound);
      throw failed(now.onShelf ? OrderMessages.soldOut : OrderMessages.goodsOffShelf);
    }
    // The goods row is locked by now: orders of this goods are serialised from here.
    const repo = new OrdersRepo(trx);
    if (goods.limitPerMember > 0) {
      const bought = await repo.boughtBy(input.memberId, goods.id);
      if (bought + input.quantity > goods.limitPerMember)
        throw failed(OrderMessages.limitExceeded(goods.limitPerMember, bought));
    }
    const service = goods.kind === 'service';
    const status: OrderStatus = service ? 'completed' : 'to_ship';
    const id = await repo.insert({
      order_no: orderNo,
      member_id: input.memberId,
      goods_id: goods.id,
      goods_name: goods.name,
      goods_image: goods.image,
      goods_kind: goods.kind,
      quantity: input.quantity,
      points_price: goods.pointsPrice,
      points_total: total,
      cash_fen: goods.cashFen * input.quantity,
      receiver: order.receiver,
      phone: order.phone,
      address: order.address,
      remark: input.remark,
      status,
      courier: null,
      tracking_no: null,
      shipped_at: null,
      completed_at: service ? at : null,
      cancelled_at: null,
      redeem_ledger_id: null,
      refund_ledger_id: null,
      idempotency_key: input.idempotencyKey,
      created_by_id: actor.operatorId,
      created_by: actor.displayName,
      created_at: at,
      updated_at: at,
    });
    let ledgerId: number;
    try {
      ({ ledgerId } = await PointsService.of(this.ctx).changeWithRow(trx, {
        memberId: input.memberId,
        amount: -total,
        type: 'redeem',
        refType: 'mall_order',
        refId: id,
        remark: `积分商城兑换：${goods.name} × ${input.quantity}（${orderNo}）`,
        operator: { id: actor.operatorId, name: actor.displayName },
        at,
      }));
    } catch (err) {
      if (!(err instanceof InsufficientPointsError)) throw err;
      const member = await new MembersRepo(trx).brief(input.memberId);
      throw failed(OrderMessages.insufficient(total, Number(member?.points_balance ?? 0)));
    }
    await repo.set(id, { redeem_ledger_id: ledgerId });

    let remark = `${ORDER_KIND_LABELS[goods.kind]}：${goods.name} × ${input.quantity}，${total}积分`;
    if (service) {
      const tasks = new HealthTaskService(this.ctx);
      const who = {
        operatorId: actor.operatorId ?? 0,
        displayName: actor.displayName,
      };
      let made = 0;
      for (let unit = 0; unit < input.quantity; unit++)
        for (const t of goods.tasks)
          for (let n = 0; n < t.count; n++) {
            await tasks.create(
              trx,
              who,
              { source: 'package', sourceId: id, memberId: input.memberId },
              {
                kind: t.kind,
                title: '',
                note: `积分商城订单 ${orderNo}：${goods.name}`,
                dueAt: null,
                assignee: null,
              },
            );
            made += 1;
          }
      remark += `；服务套餐无需发货，已生成${made}个健康任务`;
    }
    await repo.insertEvent({
      order_id: id,
      action: 'create',
      from_status: null,
      to_status: status,
      operator_id: actor.operatorId,
      operator_name: actor.displayName,
      remark,
      created_at: at,
    });
    return {
      result: id,
      entry: {
        module: AUDIT_MODULE,
        action: 'placeOrder',
        target: `订单 ${orderNo}`,
        before: null,
        after: {
          memberId: input.memberId,
          goodsName: goods.name,
          quantity: input.quantity,
          pointsTotal: total,
          orderStatus: status,
        },
      },
    };
  }

  /** One step of the state machine by an operator (ship, cancel, complete). */
  async step(
    actor: Actor,
    name: Exclude<OrderStep, 'autoComplete'>,
    input: StepInput,
  ): Promise<Order> {
    const row = await this.load(input.id);
    await auditedChange(this.ctx, actor, async (trx) => {
      const { before, after } = await this.stepIn(trx, actor, name, row, input);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: STEP_AUDIT_ACTIONS[name],
          target: `订单 ${row.order_no}`,
          before,
          after,
        },
      };
    });
    return toOrder(await this.load(input.id));
  }

  /**
   * A step in the caller's transaction: refused unless ORDER_STEPS allows it from the status
   * read; the conditional UPDATE on that status decides between concurrent steps (the loser is
   * told the order changed meanwhile, and its transaction — refund included — rolls back).
   */
  async stepIn(
    trx: Kysely<Database>,
    actor: StepActor,
    name: OrderStep,
    row: OrderRowDb,
    input: StepInput,
    remarkPrefix = '',
  ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
    const rule = ORDER_STEPS[name];
    const from = row.status;
    if (name === 'ship' && row.goods_kind === 'service')
      throw failed(OrderMessages.serviceNotShipped);
    if (!(rule.from as readonly OrderStatus[]).includes(from))
      throw failed(OrderMessages.stepRefused(ORDER_STATUS_LABELS[from], ORDER_STEP_LABELS[name]));
    const to = rule.to;
    const at = this.ctx.now();
    const id = Number(row.id);
    const repo = new OrdersRepo(trx);
    const values: Parameters<OrdersRepo['moveFrom']>[2] = { status: to, updated_at: at };
    const before: Record<string, unknown> = { orderStatus: from };
    const after: Record<string, unknown> = { orderStatus: to };
    let remark = '';
    if (name === 'ship') {
      Object.assign(values, {
        courier: input.courier,
        tracking_no: input.trackingNo,
        shipped_at: at,
      });
      after.courier = input.courier;
      after.trackingNo = input.trackingNo;
      remark = `${COURIER_LABELS[input.courier!]} ${input.trackingNo}`;
    }
    if (name === 'cancel') {
      Object.assign(values, { cancelled_at: at, cancel_reason: input.reason ?? '' });
      after.reason = input.reason;
      after.pointsRefunded = Number(row.points_total);
      remark = input.reason ?? '';
    }
    if (name === 'complete' || name === 'autoComplete') values.completed_at = at;
    if (name === 'autoComplete')
      remark = `发货后${this.orderSet().autoConfirmDays}天未确认，系统自动确认收货`;

    if (!(await repo.moveFrom(id, from, values))) throw failed(OrderMessages.changedMeanwhile);
    if (name === 'cancel') {
      // Goods first, then the member: the order every transaction locks them in.
      await new GoodsStock(trx).giveBack(Number(row.goods_id), Number(row.quantity), at);
      const { ledgerId } = await PointsService.of(this.ctx).changeWithRow(trx, {
        memberId: Number(row.member_id),
        amount: Number(row.points_total),
        type: 'refund',
        refType: 'mall_order',
        refId: id,
        remark: `积分商城订单取消退回（${row.order_no}）：${input.reason ?? ''}`,
        operator: { id: actor.operatorId, name: actor.displayName },
        at,
      });
      await repo.set(id, { refund_ledger_id: ledgerId });
    }
    await repo.insertEvent({
      order_id: id,
      action: name,
      from_status: from,
      to_status: to,
      operator_id: actor.operatorId,
      operator_name: actor.displayName,
      remark: remarkPrefix + remark,
      created_at: at,
    });
    return { before, after };
  }

  /**
   * The job: complete every order shipped more than 运营配置's confirm days ago, each in its own
   * transaction (an order confirmed or changed meanwhile is left alone). Returns how many.
   */
  async autoComplete(now: number = this.ctx.now()): Promise<number> {
    const before = now - this.orderSet().autoConfirmDays * DAY_MS;
    let done = 0;
    for (;;) {
      const due = await this.repo.shippedBefore(before, AUTO_COMPLETE_BATCH);
      let moved = 0;
      for (const row of due) {
        try {
          await this.ctx.db
            .transaction()
            .execute((trx) =>
              this.stepIn(trx, SYSTEM, 'autoComplete', row, { id: Number(row.id) }),
            );
          moved += 1;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
      done += moved;
      if (due.length < AUTO_COMPLETE_BATCH || moved === 0) return done;
    }
  }

  /** Keep one pending auto-complete job (hourly). Called at start-up and after each run. */
  async ensureAutoCompleteJob(jobs: JobScheduler, afterRun = false): Promise<void> {
    const existing = await jobs.hasJob(
      ORDER_AUTO_COMPLETE_JOB,
      afterRun ? ['pending'] : ['pending', 'running'],
    );
    if (existing) return;
    await jobs.schedule(ORDER_AUTO_COMPLETE_JOB, 0, this.ctx.now() + AUTO_COMPLETE_EVERY_MS);
  }

  async export(actor: Actor, query: OrderExportQuery): Promise<AuditedExport<Order>> {
    const time = (v: number | null) => (v === null ? '' : formatChinaDate(v));
    const columns: ExportColumn<Order>[] = [
      { header: '订单号', value: (o) => o.orderNo, width: 22 },
      { header: '状态', value: (o) => ORDER_STATUS_LABELS[o.status], width: 10 },
      { header: '会员', value: (o) => o.memberName, width: 14 },
      { header: '会员手机号', value: (o) => o.memberPhone, width: 16 },
      { header: '商品', value: (o) => o.goodsName, width: 24 },
      { header: '类型', value: (o) => ORDER_KIND_LABELS[o.goodsKind], width: 10 },
      { header: '数量', value: (o) => o.quantity, width: 8 },
      { header: '单价积分', value: (o) => o.pointsPrice, width: 10 },
      { header: '积分合计', value: (o) => o.pointsTotal, width: 10 },
      { header: '收货人', value: (o) => o.receiver, width: 12 },
      { header: '收货手机号', value: (o) => o.phone, width: 16 },
      { header: '收货地址', value: (o) => o.address, width: 24 },
      { header: '快递公司', value: (o) => (o.courier ? COURIER_LABELS[o.courier] : ''), width: 12 },
      { header: '快递单号', value: (o) => o.trackingNo ?? '', width: 20 },
      { header: '发货时间', value: (o) => time(o.shippedAt), width: 20 },
      { header: '完成时间', value: (o) => time(o.completedAt), width: 20 },
      { header: '取消原因', value: (o) => o.cancelReason, width: 20 },
      { header: '备注', value: (o) => o.remark, width: 20 },
      { header: '下单人', value: (o) => o.createdBy, width: 12 },
      { header: '下单时间', value: (o) => time(o.createdAt), width: 20 },
    ];
    return queryExport(this.ctx.db, this.repo.query(query), (r) => toOrder(r as JoinedOrderRow), {
      actor,
      module: AUDIT_MODULE,
      title: '积分商城订单',
      filter: query,
      columns,
    });
  }
}
