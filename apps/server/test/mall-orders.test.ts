import {
  OperateLogPaths,
  ORDER_STATUSES,
  OrderMessages,
  OrderPaths,
  PointsMessages,
  PointsPaths,
  type MemberOption,
  type Order,
  type OrderCounts,
  type OrderDetail,
  type OrderGoodsOption,
  type OrderMemberInfo,
  type OrderReveal,
  type OrderStatus,
  type Page,
  type ShipBatch,
} from '@health/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DemoRandom } from '../src/db/demo/random.js';
import { orderDemo } from '../src/modules/integralmall/orders/demo.js';
import { ORDER_AUTO_COMPLETE_JOB } from '../src/modules/integralmall/orders/service.js';
import {
  bearer,
  bodyOf,
  call,
  createGroup,
  createOperator,
  exportRows,
  login,
  loginAdmin,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

const ORDERS = '/integralmall/order';
const DAY = 86_400_000;

/* ------------------------------------------------------------------ fixtures (goods land from the goods branch) */

async function insertPackageType(
  t: TestApp,
  kind: 'goods' | 'service',
  tasks: { kind: string; count: number }[] = [],
): Promise<number> {
  const { id } = await t.db
    .insertInto('mall_package_types')
    .values({
      name: `${kind === 'service' ? '服务套餐' : '实物'}${Math.random().toString(36).slice(2, 8)}`,
      kind,
      tasks_json: JSON.stringify(tasks),
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function insertGoods(
  t: TestApp,
  g: {
    name?: string;
    price?: number;
    stock?: number;
    limit?: number;
    onShelf?: boolean;
    typeId?: number | null;
  } = {},
): Promise<number> {
  const { id } = await t.db
    .insertInto('mall_goods')
    .values({
      name: g.name ?? `商品${Math.random().toString(36).slice(2, 8)}`,
      package_type_id: g.typeId ?? null,
      images_json: JSON.stringify(['/uploads/goods.png']),
      points_price: g.price ?? 100,
      stock: g.stock ?? 100,
      limit_per_member: g.limit ?? 0,
      on_shelf: g.onShelf === false ? 0 : 1,
      created_by: 'admin',
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

const goodsRow = (t: TestApp, id: number) =>
  t.db
    .selectFrom('mall_goods')
    .select(['stock', 'sold'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => ({ stock: Number(r.stock), sold: Number(r.sold) }));

const balanceOf = async (t: TestApp, memberId: number) =>
  Number(
    (
      await t.db
        .selectFrom('members')
        .select('points_balance')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).points_balance,
  );

const ledgerSum = async (t: TestApp, memberId: number) =>
  Number(
    (
      await t.db
        .selectFrom('points_ledger')
        .select(sql<number>`coalesce(sum(amount), 0)`.as('s'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).s,
  );

const ledgerOf = (t: TestApp, orderId: number) =>
  t.db
    .selectFrom('points_ledger')
    .select(['type', 'amount', 'ref_type'])
    .where('ref_type', '=', 'mall_order')
    .where('ref_id', '=', String(orderId))
    .orderBy('id')
    .execute();

function multipart(filename: string, content: Buffer) {
  const boundary = `----ship${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const errorsOf = (body: { data: unknown }): Record<string, string> =>
  Object.fromEntries((body.data as FieldErrors).errors.map((e) => [e.field, e.msg]));

let keySeq = 0;
const newKey = () => `k-${Date.now().toString(36)}-${(keySeq += 1)}`;

describe.each(databaseKinds)('mall orders API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** 订单管理 without any action. */
  let viewer: string;
  /** Another page only. */
  let outsider: string;
  let gradeId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const viewers = await createGroup(t, '订单只读', [ORDERS]);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });

  const post = (p: string, json: unknown, token: string = admin) =>
    call(t, 'POST', p, { token, json });
  const get = (p: string, query: Record<string, unknown> = {}, token: string = admin) =>
    call(t, 'GET', p, { token, query });

  /** A member with `points` in the ledger (an admin adjustment) and an address on file. */
  const member = async (points: number, extra: { name?: string; phone?: string } = {}) => {
    const id = await insertMember(t, { gradeId, ...extra });
    await t.db
      .updateTable('members')
      .set({ province: '浙江省', city: '杭州市', address: '西湖区文三路 100 号' })
      .where('id', '=', id)
      .execute();
    if (points > 0) {
      const given = bodyOf(
        await post(PointsPaths.adjust, { memberId: id, amount: points, reason: '测试充值' }),
      );
      expect(given.state).toBe(200);
    }
    return id;
  };

  const place = async (
    input: Record<string, unknown>,
    token: string = admin,
  ): Promise<ReturnType<typeof bodyOf<Order>>> =>
    bodyOf<Order>(
      await post(OrderPaths.add, { quantity: 1, idempotencyKey: newKey(), ...input }, token),
    );
  const detail = async (id: number) =>
    bodyOf<OrderDetail>(await get(OrderPaths.detail, { id })).data;

  it('places an order in one transaction: stock, points, ledger, order, event', async () => {
    const m = await member(1000, { name: '王秀英', phone: '13812345678' });
    const g = await insertGoods(t, { name: '电子血压计', price: 300, stock: 10 });
    const placed = await place({ memberId: m, goodsId: g, quantity: 2, remark: '工作日送货' });
    expect(placed.state).toBe(200);
    expect(placed.msg).toBe(OrderMessages.placed);
    const o = placed.data;
    expect(o).toMatchObject({
      memberId: m,
      memberName: '王秀英',
      memberPhone: '138****5678',
      goodsName: '电子血压计',
      goodsImage: '/uploads/goods.png',
      goodsKind: 'goods',
      quantity: 2,
      pointsPrice: 300,
      pointsTotal: 600,
      status: 'to_ship',
      receiver: '王秀英',
      phone: '138****5678',
      address: '浙江省杭州市****',
      remark: '工作日送货',
    });
    expect(o.orderNo).toMatch(/^JF\d{14}$/);
    expect(await goodsRow(t, g)).toEqual({ stock: 8, sold: 2 });
    expect(await balanceOf(t, m)).toBe(400);
    expect(await ledgerSum(t, m)).toBe(400);
    const ledger = await ledgerOf(t, o.id);
    expect(ledger.map((l) => [l.type, Number(l.amount)])).toEqual([['redeem', -600]]);
    const d = await detail(o.id);
    expect(d.redeemLedgerId).not.toBeNull();
    expect(d.events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['create', null, 'to_ship'],
    ]);
    expect(d.events[0]!.operatorName).toBeTruthy();

    // The list, filtered, masked; the counts.
    const list = bodyOf<Page<Order>>(await get(OrderPaths.list, { orderNo: o.orderNo })).data;
    expect(list.list.map((r) => r.id)).toEqual([o.id]);
    expect(list.list[0]!.phone).toBe('138****5678');
    for (const q of [
      { name: '秀英' },
      { phone: '5678' },
      { goodsName: '血压' },
      { status: 'to_ship' },
    ])
      expect(
        bodyOf<Page<Order>>(await get(OrderPaths.list, q)).data.list.map((r) => r.id),
      ).toContain(o.id);
    expect(
      bodyOf<Page<Order>>(await get(OrderPaths.list, { status: 'shipped', orderNo: o.orderNo }))
        .data.list,
    ).toEqual([]);
    const counts = bodyOf<OrderCounts>(await get(OrderPaths.counts)).data;
    expect(counts.to_ship).toBeGreaterThanOrEqual(1);
    expect(counts.all).toBe(counts.to_ship + counts.shipped + counts.completed + counts.cancelled);

    // The reveal shows the plain phone and address, and is logged.
    const revealed = bodyOf<OrderReveal>(await post(OrderPaths.reveal, { id: o.id }));
    expect(revealed.data).toEqual({
      receiver: '王秀英',
      phone: '13812345678',
      address: '浙江省杭州市西湖区文三路 100 号',
    });
    const logs = bodyOf<Page<{ action: string; target: string }>>(
      await get(OperateLogPaths.list, { module: 'integralmall' }),
    ).data.list;
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['reveal', 'placeOrder']));
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const m = await member(500);
    const g = await insertGoods(t, { price: 100, stock: 3 });
    const refused = async (input: Record<string, unknown>) => {
      const body = bodyOf(await post(OrderPaths.add, input));
      expect(body.state).toBe(255);
      return errorsOf(body);
    };
    expect(await refused({ goodsId: g, quantity: 1, idempotencyKey: 'a' })).toMatchObject({
      memberId: OrderMessages.memberRequired,
    });
    expect(await refused({ memberId: m, quantity: 1, idempotencyKey: 'a' })).toMatchObject({
      goodsId: OrderMessages.goodsRequired,
    });
    expect(
      await refused({ memberId: m, goodsId: g, quantity: 0, idempotencyKey: 'a' }),
    ).toMatchObject({ quantity: OrderMessages.quantityInvalid });
    expect(
      await refused({ memberId: m, goodsId: g, quantity: 1.5, idempotencyKey: 'a' }),
    ).toMatchObject({ quantity: OrderMessages.quantityInvalid });
    expect(await refused({ memberId: m, goodsId: g, quantity: 1 })).toMatchObject({
      idempotencyKey: OrderMessages.idempotencyKeyRequired,
    });
    expect(
      await refused({ memberId: m, goodsId: g, quantity: 1, idempotencyKey: 'bad key!' }),
    ).toMatchObject({ idempotencyKey: OrderMessages.idempotencyKeyInvalid });
    expect(
      await refused({ memberId: m, goodsId: g, quantity: 1, idempotencyKey: 'a', phone: '123' }),
    ).toMatchObject({ phone: OrderMessages.phoneInvalid });
    expect(
      await refused({ memberId: '1.5', goodsId: g, quantity: 1, idempotencyKey: 'a' }),
    ).toHaveProperty('memberId');
    expect(
      await refused({ memberId: m, goodsId: 999999, quantity: 1, idempotencyKey: 'a' }),
    ).toMatchObject({
      goodsId: OrderMessages.goodsNotFound,
    });
    // A member without an address on file and none typed: a goods order needs one.
    const bare = await insertMember(t, { gradeId });
    await t.db
      .updateTable('members')
      .set({ province: '', city: '', address: '' })
      .where('id', '=', bare)
      .execute();
    await post(PointsPaths.adjust, { memberId: bare, amount: 500, reason: '测试' });
    expect(
      await refused({ memberId: bare, goodsId: g, quantity: 1, idempotencyKey: 'a' }),
    ).toMatchObject({ address: OrderMessages.addressRequired });
    expect(await goodsRow(t, g)).toEqual({ stock: 3, sold: 0 });
    expect(await balanceOf(t, m)).toBe(500);
  });

  it('says what is wrong: not enough points, sold out, off shelf, frozen, logged off, over the limit', async () => {
    const poor = await member(800);
    const dear = await insertGoods(t, { price: 1200, stock: 5 });
    const noPoints = await place({ memberId: poor, goodsId: dear });
    expect(noPoints).toMatchObject({ state: 255, msg: '积分不足：需要1200积分，当前余额800积分' });
    expect(await goodsRow(t, dear)).toEqual({ stock: 5, sold: 0 });

    const rich = await member(10_000);
    const few = await insertGoods(t, { price: 10, stock: 1 });
    expect((await place({ memberId: rich, goodsId: few, quantity: 2 })).msg).toBe('库存不足');
    const off = await insertGoods(t, { price: 10, onShelf: false });
    expect((await place({ memberId: rich, goodsId: off })).msg).toBe(OrderMessages.goodsOffShelf);

    const frozen = await member(1000);
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen).execute();
    expect(await place({ memberId: frozen, goodsId: few })).toMatchObject({
      state: 255,
      msg: PointsMessages.memberFrozen,
    });
    const gone = await member(1000);
    await t.db
      .updateTable('members')
      .set({ status: 'logged_off' })
      .where('id', '=', gone)
      .execute();
    expect(await place({ memberId: gone, goodsId: few })).toMatchObject({
      state: 255,
      msg: PointsMessages.memberLoggedOff,
    });

    const limited = await insertGoods(t, { price: 10, stock: 50, limit: 3 });
    expect((await place({ memberId: rich, goodsId: limited, quantity: 2 })).state).toBe(200);
    expect((await place({ memberId: rich, goodsId: limited, quantity: 2 })).msg).toBe(
      OrderMessages.limitExceeded(3, 2),
    );
    expect((await place({ memberId: rich, goodsId: limited, quantity: 1 })).state).toBe(200);
    expect(await goodsRow(t, limited)).toEqual({ stock: 47, sold: 3 });
    expect(await balanceOf(t, rich)).toBe(await ledgerSum(t, rich));
  });

  it('answers the same order to the same idempotency key, charging once — also when the requests race', async () => {
    const m = await member(1000);
    const g = await insertGoods(t, { price: 100, stock: 20 });
    const key = newKey();
    const first = await place({ memberId: m, goodsId: g, idempotencyKey: key });
    const again = await place({ memberId: m, goodsId: g, idempotencyKey: key });
    expect(again.state).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(await balanceOf(t, m)).toBe(900);

    const raceKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => place({ memberId: m, goodsId: g, idempotencyKey: raceKey })),
    );
    expect(answers.map((a) => a.state)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await balanceOf(t, m)).toBe(800);
    expect(await goodsRow(t, g)).toEqual({ stock: 18, sold: 2 });
    expect(await ledgerSum(t, m)).toBe(800);
  });

  it('never oversells: 20 orders at once against stock 5 → exactly 5', async () => {
    const g = await insertGoods(t, { price: 50, stock: 5 });
    const members = await Promise.all(Array.from({ length: 20 }, () => member(200)));
    const answers = await Promise.all(members.map((m) => place({ memberId: m, goodsId: g })));
    const won = answers.filter((a) => a.state === 200);
    expect(won).toHaveLength(5);
    for (const a of answers.filter((x) => x.state !== 200)) expect(a.msg).toBe('库存不足');
    expect(await goodsRow(t, g)).toEqual({ stock: 0, sold: 5 });
    for (const m of members) expect(await balanceOf(t, m)).toBe(await ledgerSum(t, m));
  });

  it('never goes below zero: 50 orders at once by one member whose balance covers 10 → exactly 10', async () => {
    const m = await member(1000);
    const g = await insertGoods(t, { price: 100, stock: 100 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => place({ memberId: m, goodsId: g })),
    );
    expect(answers.filter((a) => a.state === 200)).toHaveLength(10);
    for (const a of answers.filter((x) => x.state !== 200))
      expect(a.msg).toMatch(/^积分不足：需要100积分，当前余额\d+积分$/);
    expect(await balanceOf(t, m)).toBe(0);
    expect(await ledgerSum(t, m)).toBe(0);
    expect(await goodsRow(t, g)).toEqual({ stock: 90, sold: 10 });
  });

  it('holds the per-member limit under concurrency', async () => {
    const m = await member(10_000);
    const g = await insertGoods(t, { price: 10, stock: 100, limit: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => place({ memberId: m, goodsId: g })),
    );
    expect(answers.filter((a) => a.state === 200)).toHaveLength(3);
    expect(await goodsRow(t, g)).toEqual({ stock: 97, sold: 3 });
    expect(await balanceOf(t, m)).toBe(10_000 - 30);
  });

  it('ships, confirms and cancels through the state machine, each step an event; refusals say why', async () => {
    const m = await member(1000);
    const g = await insertGoods(t, { price: 100, stock: 10 });
    const a = (await place({ memberId: m, goodsId: g })).data;
    const b = (await place({ memberId: m, goodsId: g })).data;

    // Ship: validation first.
    const noTracking = bodyOf(await post(OrderPaths.ship, { id: a.id, courier: 'sf' }));
    expect(errorsOf(noTracking)).toMatchObject({ trackingNo: OrderMessages.trackingRequired });
    const badCourier = bodyOf(
      await post(OrderPaths.ship, { id: a.id, courier: 'ups', trackingNo: 'SF123456789' }),
    );
    expect(errorsOf(badCourier)).toMatchObject({ courier: OrderMessages.courierRequired });
    const shipped = bodyOf<Order>(
      await post(OrderPaths.ship, { id: a.id, courier: 'sf', trackingNo: 'sf1234567890' }),
    );
    expect(shipped.data).toMatchObject({
      status: 'shipped',
      courier: 'sf',
      trackingNo: 'SF1234567890',
    });
    // Not twice, and a shipped order is not cancelled.
    expect(
      bodyOf(await post(OrderPaths.ship, { id: a.id, courier: 'sf', trackingNo: 'SF1234567899' })),
    ).toMatchObject({ state: 255, msg: OrderMessages.stepRefused('已发货', '发货') });
    expect(bodyOf(await post(OrderPaths.cancel, { id: a.id, reason: '不要了' }))).toMatchObject({
      state: 255,
      msg: OrderMessages.stepRefused('已发货', '取消订单'),
    });
    const done = bodyOf<Order>(await post(OrderPaths.complete, { id: a.id }));
    expect(done.data.status).toBe('completed');
    expect((await detail(a.id)).events.map((e) => e.action)).toEqual([
      'create',
      'ship',
      'complete',
    ]);
    expect(bodyOf(await post(OrderPaths.complete, { id: b.id }))).toMatchObject({
      state: 255,
      msg: OrderMessages.stepRefused('待发货', '确认收货'),
    });

    // Cancel needs a reason; two at once: one wins, the refund happens once.
    expect(
      errorsOf(bodyOf(await post(OrderPaths.cancel, { id: b.id, reason: ' ' }))),
    ).toMatchObject({
      reason: OrderMessages.reasonRequired,
    });
    const before = await balanceOf(t, m);
    const stockBefore = await goodsRow(t, g);
    const cancels = await Promise.all(
      Array.from({ length: 2 }, () =>
        post(OrderPaths.cancel, { id: b.id, reason: '会员来电取消' }),
      ),
    );
    const states = cancels.map((c) => bodyOf(c).state).sort();
    expect(states).toEqual([200, 255]);
    expect(await balanceOf(t, m)).toBe(before + 100);
    expect(await goodsRow(t, g)).toEqual({
      stock: stockBefore.stock + 1,
      sold: stockBefore.sold - 1,
    });
    expect((await ledgerOf(t, b.id)).map((l) => [l.type, Number(l.amount)])).toEqual([
      ['redeem', -100],
      ['refund', 100],
    ]);
    const cancelled = await detail(b.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '会员来电取消' });
    expect(cancelled.refundLedgerId).not.toBeNull();
    expect(cancelled.events.map((e) => [e.action, e.toStatus])).toEqual([
      ['create', 'to_ship'],
      ['cancel', 'cancelled'],
    ]);
    expect(await balanceOf(t, m)).toBe(await ledgerSum(t, m));
    // Unknown order.
    expect(bodyOf(await get(OrderPaths.detail, { id: 999999 })).msg).toBe(OrderMessages.notFound);
    expect(bodyOf(await get(OrderPaths.detail, { id: 'x' })).state).toBe(255);
  });

  it('completes a service package at once and creates its health tasks in the same transaction', async () => {
    const m = await member(2000);
    const type = await insertPackageType(t, 'service', [
      { kind: 'follow_up_call', count: 2 },
      { kind: 'assessment', count: 1 },
    ]);
    const g = await insertGoods(t, { name: '健康管理季卡', price: 500, stock: 10, typeId: type });
    const bare = await insertMember(t, { gradeId });
    await t.db
      .updateTable('members')
      .set({ province: '', city: '', address: '' })
      .where('id', '=', bare)
      .execute();
    await post(PointsPaths.adjust, { memberId: bare, amount: 2000, reason: '测试' });
    // No address needed.
    const o = (await place({ memberId: bare, goodsId: g, quantity: 2 })).data;
    expect(o).toMatchObject({ status: 'completed', goodsKind: 'service', address: '' });
    const d = await detail(o.id);
    expect(d.taskIds).toHaveLength(6);
    const tasks = await t.db
      .selectFrom('health_tasks')
      .select(['kind', 'member_id', 'source', 'status'])
      .where('source', '=', 'package')
      .where('source_id', '=', o.id)
      .execute();
    expect(tasks.filter((x) => x.kind === 'follow_up_call')).toHaveLength(4);
    expect(tasks.every((x) => Number(x.member_id) === bare && x.status === 'to_assign')).toBe(true);
    expect(
      bodyOf(await post(OrderPaths.ship, { id: o.id, courier: 'sf', trackingNo: 'SF1234567' })),
    ).toMatchObject({ state: 255, msg: OrderMessages.serviceNotShipped });
    expect(m).toBeGreaterThan(0);
  });

  it('completes shipped orders by itself after 运营配置’s confirm days (the job keeps itself scheduled)', async () => {
    const m = await member(1000);
    const g = await insertGoods(t, { price: 10, stock: 10 });
    const o = (await place({ memberId: m, goodsId: g })).data;
    await post(OrderPaths.ship, { id: o.id, courier: 'zto', trackingNo: 'ZT12345678' });
    const d = await detail(o.id);
    expect(d.autoCompleteAt).toBe(d.shippedAt! + 7 * DAY);
    // Not yet after 6 days.
    const relogin = async () => {
      // Fresh tokens after the clock moved days.
      admin = await loginAdmin(t);
      viewer = (await login(t, 'viewer', 'View@123')).access_token;
      outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    };
    t.clock.advance(6 * DAY);
    await relogin();
    await t.app.jobs.runDue(t.clock.now);
    expect((await detail(o.id)).status).toBe('shipped');
    t.clock.advance(DAY + 2 * 3_600_000);
    await relogin();
    await t.app.jobs.runDue(t.clock.now);
    const after = await detail(o.id);
    expect(after.status).toBe('completed');
    expect(after.events.at(-1)).toMatchObject({
      action: 'autoComplete',
      fromStatus: 'shipped',
      toStatus: 'completed',
      operatorName: '系统',
    });
    const pending = await t.db
      .selectFrom('scheduled_jobs')
      .select(['run_at'])
      .where('kind', '=', ORDER_AUTO_COMPLETE_JOB)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    expect(Number(pending[0]!.run_at)).toBeGreaterThan(t.clock.now);
  });

  it('ships from a courier file: a dry run checks every row, the commit ships the valid ones, a result file', async () => {
    const m = await member(5000);
    const g = await insertGoods(t, { price: 10, stock: 50 });
    const type = await insertPackageType(t, 'service', [{ kind: 'assessment', count: 1 }]);
    const svc = await insertGoods(t, { price: 10, stock: 50, typeId: type });
    const ok1 = (await place({ memberId: m, goodsId: g })).data;
    const ok2 = (await place({ memberId: m, goodsId: g })).data;
    const dup = (await place({ memberId: m, goodsId: g })).data;
    const gone = (await place({ memberId: m, goodsId: g })).data;
    await post(OrderPaths.cancel, { id: gone.id, reason: '取消' });
    const service = (await place({ memberId: m, goodsId: svc })).data;
    const later = (await place({ memberId: m, goodsId: g })).data;
    const lines = [
      '订单号,快递公司,快递单号',
      `${ok1.orderNo},SF,SF1000000001`, // 2 valid (code)
      `${ok2.orderNo.toLowerCase()},中通快递,zt2000000002`, // 3 valid (name, lower case)
      'JF00000000000000,sf,SF3000000003', // 4 unknown
      `${gone.orderNo},sf,SF4000000004`, // 5 cancelled
      `${service.orderNo},sf,SF5000000005`, // 6 service
      `${dup.orderNo},UPS,1Z999`, // 7 bad courier + bad tracking; duplicate (disagrees with 8)
      `${dup.orderNo},sf,SF6000000006`, // 8 duplicate
      `${later.orderNo},顺丰,`, // 9 empty tracking (short courier name is fine)
    ];
    const upload = async (content: Buffer, name = '快递单.csv', token = admin) => {
      const { payload, headers } = multipart(name, content);
      return bodyOf<ShipBatch>(
        await t.app.inject({
          method: 'POST',
          url: t.api(OrderPaths.shipCheck),
          headers: { ...headers, ...bearer(token) },
          payload,
        }),
      );
    };
    const checked = await upload(Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`));
    expect(checked.state).toBe(200);
    expect(checked.msg).toBe(OrderMessages.checked(2, 6));
    const byRow = new Map(checked.data.rows.map((r) => [r.rowNo, r.errors]));
    expect([...byRow.entries()]).toEqual([
      [2, []],
      [3, []],
      [4, ['orderNotFound']],
      [5, ['alreadyCancelled']],
      [6, ['serviceOrder']],
      [7, ['courierUnknown', 'trackingFormat', 'duplicateRow']],
      [8, ['duplicateRow']],
      [9, ['trackingRequired']],
    ]);
    // Nothing shipped by the dry run.
    expect((await detail(ok1.id)).status).toBe('to_ship');

    // Meanwhile ok2 is shipped by hand: the commit re-checks it.
    await post(OrderPaths.ship, { id: ok2.id, courier: 'sf', trackingNo: 'SF9999999999' });
    const committed = bodyOf<ShipBatch>(await post(OrderPaths.shipCommit, { id: checked.data.id }));
    expect(committed.state).toBe(200);
    expect(committed.data).toMatchObject({ status: 'committed', shipped: 1, failed: 1 });
    expect(committed.data.rows.find((r) => r.rowNo === 3)).toMatchObject({
      result: 'failed',
      errors: ['alreadyShipped'],
    });
    const shipped = await detail(ok1.id);
    expect(shipped).toMatchObject({ status: 'shipped', courier: 'sf', trackingNo: 'SF1000000001' });
    expect(shipped.events.at(-1)!.remark).toContain('批量发货');
    // Once only.
    expect(bodyOf(await post(OrderPaths.shipCommit, { id: checked.data.id }))).toMatchObject({
      state: 255,
      msg: OrderMessages.batchCommitted,
    });
    // The result file.
    const file = await call(t, 'GET', OrderPaths.shipResult, {
      token: admin,
      query: { id: checked.data.id },
    });
    const rows = await exportRows(file);
    expect(rows[0]).toEqual(['订单号', '快递公司', '快递单号', '处理结果', '原行号']);
    expect(rows[1]).toEqual([ok1.orderNo, '顺丰速运', 'SF1000000001', '已发货', 2]);
    expect(String(rows[2]![3])).toBe('未发货：订单已发货');
    expect(String(rows[3]![3])).toBe('不能发货：订单不存在');
    expect(rows).toHaveLength(9);

    // The template, a file without the columns, a non-sheet, nothing valid.
    const template = await call(t, 'GET', OrderPaths.shipTemplate, { token: admin });
    expect((await exportRows(template))[0]).toEqual(['订单号', '快递公司', '快递单号']);
    expect(errorsOf(await upload(Buffer.from('a,b\n1,2\n')))).toMatchObject({
      file: OrderMessages.missingColumns,
    });
    expect(errorsOf(await upload(Buffer.from('x'), 'a.png'))).toMatchObject({
      file: OrderMessages.badType,
    });
    const none = await upload(Buffer.from(`订单号,快递公司,快递单号\nJF1,sf,SF12345678\n`));
    expect(bodyOf(await post(OrderPaths.shipCommit, { id: none.data.id }))).toMatchObject({
      state: 255,
      msg: OrderMessages.nothingValid,
    });
    // Viewer without ship.
    expect((await upload(Buffer.from(lines.join('\n')), 'x.csv', viewer)).state).toBe(267);
  });

  it('exports the current filter, masked and audited; serves the pickers', async () => {
    const m = await member(1000, { name: '导出会员', phone: '13900001234' });
    const g = await insertGoods(t, { name: '导出商品', price: 10 });
    const o = (await place({ memberId: m, goodsId: g })).data;
    const file = await call(t, 'GET', OrderPaths.export, {
      token: admin,
      query: { orderNo: o.orderNo },
    });
    const rows = await exportRows(file);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(
      expect.arrayContaining([o.orderNo, '导出会员', '139****1234', '导出商品']),
    );
    expect(rows[1]!.join(',')).not.toContain('13900001234');
    expect(rows[1]!.join(',')).not.toContain('文三路');

    const options = bodyOf<MemberOption[]>(
      await get(OrderPaths.memberOptions, { keyword: '导出' }),
    ).data;
    expect(options).toEqual([{ id: m, name: '导出会员', phone: '139****1234' }]);
    const info = bodyOf<OrderMemberInfo>(await get(OrderPaths.memberInfo, { memberId: m })).data;
    expect(info).toMatchObject({
      pointsBalance: 990,
      address: '浙江省杭州市****',
      status: 'normal',
    });
    const goods = bodyOf<OrderGoodsOption[]>(
      await get(OrderPaths.goodsOptions, { keyword: '导出' }),
    ).data;
    expect(goods.map((x) => x.id)).toEqual([g]);
    expect(bodyOf(await get(OrderPaths.memberInfo, { memberId: 'abc' })).state).toBe(255);
  });

  it('checks session (266) and permission (267) on every endpoint', async () => {
    const m = await member(100);
    const g = await insertGoods(t, { price: 10 });
    const o = (await place({ memberId: m, goodsId: g })).data;
    const reads: [string, Record<string, unknown>][] = [
      [OrderPaths.list, {}],
      [OrderPaths.counts, {}],
      [OrderPaths.detail, { id: o.id }],
    ];
    const actions: ['GET' | 'POST', string, Record<string, unknown>][] = [
      ['GET', OrderPaths.memberOptions, { keyword: '会员' }],
      ['GET', OrderPaths.memberInfo, { memberId: m }],
      ['GET', OrderPaths.goodsOptions, {}],
      ['GET', OrderPaths.export, {}],
      ['GET', OrderPaths.shipTemplate, {}],
      ['GET', OrderPaths.shipResult, { id: 1 }],
      ['POST', OrderPaths.add, { memberId: m, goodsId: g, quantity: 1, idempotencyKey: 'z' }],
      ['POST', OrderPaths.ship, { id: o.id, courier: 'sf', trackingNo: 'SF12345678' }],
      ['POST', OrderPaths.cancel, { id: o.id, reason: 'x' }],
      ['POST', OrderPaths.complete, { id: o.id }],
      ['POST', OrderPaths.reveal, { id: o.id }],
      ['POST', OrderPaths.shipCommit, { id: 1 }],
    ];
    for (const [p, q] of reads) {
      expect(bodyOf(await get(p, q, '')).state).toBe(266);
      expect(bodyOf(await get(p, q, outsider)).state).toBe(267);
      expect(bodyOf(await get(p, q, viewer)).state).toBe(200);
    }
    for (const [method, p, input] of actions) {
      const as = (token: string) =>
        method === 'GET' ? get(p, input, token) : post(p, input, token);
      expect(bodyOf(await as('')).state, p).toBe(266);
      expect(bodyOf(await as(outsider)).state, p).toBe(267);
      // The viewer reads the orders but holds none of the actions.
      expect(bodyOf(await as(viewer)).state, p).toBe(267);
    }
    expect((await detail(o.id)).status).toBe('to_ship');
  });

  it('demo orders: every status, on the goods on shelf, consistent with the ledger', async () => {
    // Balances below the prices, as the demo members' are: the buyers get a campaign credit first.
    const members = await Promise.all(Array.from({ length: 6 }, () => member(300)));
    const goods = [
      await insertGoods(t, { name: '演示血压计', price: 800, stock: 50 }),
      await insertGoods(t, { name: '演示血糖试纸', price: 200, stock: 50 }),
    ];
    const before = await Promise.all(goods.map((g) => goodsRow(t, g)));
    await orderDemo(t.db, {
      random: new DemoRandom(7),
      now: t.clock.now,
      day: 0,
      operatorPasswordHash: '',
    });
    const rows = await t.db
      .selectFrom('mall_orders')
      .selectAll()
      .where('idempotency_key', 'like', 'demo-%')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    for (const r of rows) {
      const ledger = await ledgerOf(t, Number(r.id));
      expect(ledger.filter((l) => l.type === 'redeem')).toHaveLength(1);
      expect(ledger.filter((l) => l.type === 'refund')).toHaveLength(
        r.status === 'cancelled' ? 1 : 0,
      );
      if (r.status === 'shipped' || r.status === 'completed') expect(r.tracking_no).toBeTruthy();
      expect((await detail(Number(r.id))).events[0]!.action).toBe('create');
    }
    for (const m of members) expect(await balanceOf(t, m)).toBe(await ledgerSum(t, m));
    const sold = rows
      .filter((r) => r.status !== 'cancelled')
      .reduce((n, r) => n + Number(r.quantity), 0);
    const after = await Promise.all(goods.map((g) => goodsRow(t, g)));
    const moved = after.reduce((n, a, i) => n + (a.sold - before[i]!.sold), 0);
    expect(moved).toBeLessThanOrEqual(sold);
    expect(after.every((a, i) => a.stock + a.sold === before[i]!.stock + before[i]!.sold)).toBe(
      true,
    );
  });

  it('property: random steps never reach an undefined state; refunds once, only when cancelled; balance = ledger', async () => {
    const STEP_PATHS = {
      ship: OrderPaths.ship,
      cancel: OrderPaths.cancel,
      complete: OrderPaths.complete,
    } as const;
    const g = await insertGoods(t, { price: 7, stock: 100_000 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('ship', 'cancel', 'complete', 'auto'), { maxLength: 7 }),
        fc.boolean(),
        async (steps, concurrent) => {
          const m = await member(100);
          const o = (await place({ memberId: m, goodsId: g })).data;
          let model = 'to_ship' as OrderStatus;
          const apply = async (step: string) => {
            if (step === 'auto') {
              // Eight days pass for this order (shipped then, if it is), and the job runs.
              await t.db
                .updateTable('mall_orders')
                .set({ shipped_at: t.clock.now - 8 * DAY })
                .where('id', '=', o.id)
                .where('status', '=', 'shipped')
                .execute();
              await t.app.jobs.runDue(t.clock.now + 2 * 3_600_000);
              return;
            }
            const body = {
              id: o.id,
              courier: 'sf',
              trackingNo: 'SF12345678',
              reason: '随机取消',
            };
            await post(STEP_PATHS[step as keyof typeof STEP_PATHS], body);
          };
          for (const step of steps) {
            if (concurrent) await Promise.all([apply(step), apply(step)]);
            else await apply(step);
            const next: OrderStatus =
              step === 'ship' && model === 'to_ship'
                ? 'shipped'
                : step === 'cancel' && model === 'to_ship'
                  ? 'cancelled'
                  : (step === 'complete' || step === 'auto') && model === 'shipped'
                    ? 'completed'
                    : model;
            model = next;
            const d = await detail(o.id);
            expect(ORDER_STATUSES).toContain(d.status);
            expect(d.status).toBe(model);
          }
          const ledger = await ledgerOf(t, o.id);
          const refunds = ledger.filter((l) => l.type === 'refund');
          expect(refunds.length).toBe(model === 'cancelled' ? 1 : 0);
          expect(ledger.filter((l) => l.type === 'redeem')).toHaveLength(1);
          expect(await balanceOf(t, m)).toBe(await ledgerSum(t, m));
          expect(await balanceOf(t, m)).toBe(model === 'cancelled' ? 100 : 93);
        },
      ),
      { numRuns: kind === 'postgres' ? 15 : 30 },
    );
  });
});
