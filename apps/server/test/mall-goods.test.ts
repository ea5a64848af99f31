import {
  DEFAULT_GOODS_SET,
  GoodsMessages,
  GoodsPaths,
  PackageTypeMessages,
  PackageTypePaths,
  SettingsPaths,
  type Envelope,
  type Goods,
  type GoodsListItem,
  type GoodsSaved,
  type GoodsSet,
  type PackageType,
  type PackageTypeOption,
  type Page,
  type SettingInfo,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  login,
  loginAdmin,
  loginViewerAndOutsider,
  setupApp,
  SESSION_INVALID,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';

const GOODS_PAGE = '/integralmall/goods';
const TYPES_PAGE = '/integralmall/package_type';
const SETTING_PAGE = '/manage_product/goods_setting';

describe.each(databaseKinds)('积分商城 goods and package types on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  /** Holds the goods page with add and edit, but not shelf. */
  let clerk: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, [
      GOODS_PAGE,
      TYPES_PAGE,
      SETTING_PAGE,
    ]));
    const clerks = await createGroup(t, '商品录入', [GOODS_PAGE, `${GOODS_PAGE}:add`]);
    await createOperator(t, { username: 'clerk', password: 'Clerk@123', groupId: clerks });
    clerk = (await login(t, 'clerk', 'Clerk@123')).access_token;
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) =>
    call(t, 'GET', path, { token, query });
  const errorsOf = (body: Envelope<FieldErrors>) =>
    Object.fromEntries(body.data.errors.map((e) => [e.field, e.msg]));

  const saveSettings = async (value: Partial<GoodsSet>) => {
    const body = bodyOf(
      await post(SettingsPaths.update, {
        section: 'goods_set',
        value: { ...DEFAULT_GOODS_SET, ...value },
      }),
    );
    expect(body.state).toBe(200);
  };

  const addType = async (json: Record<string, unknown>) => {
    const body = bodyOf<{ id: number }>(await post(PackageTypePaths.add, json));
    expect(body.state, body.msg).toBe(200);
    return body.data.id;
  };
  const goodsBody = (packageTypeId: number, extra: Record<string, unknown> = {}) => ({
    name: '电子血压计',
    images: ['/uploads/images/a.png', 'https://cdn.example.com/b.jpg'],
    pointsPrice: 1200,
    stock: 10,
    packageTypeId,
    ...extra,
  });
  const addGoods = async (json: Record<string, unknown>, token = admin) => {
    const body = bodyOf<GoodsSaved>(await post(GoodsPaths.add, json, token));
    expect(body.state, body.msg).toBe(200);
    return body.data;
  };
  const detail = async (id: number) => bodyOf<Goods>(await get(GoodsPaths.detail, { id })).data;
  const list = async (query: Record<string, unknown> = {}) =>
    bodyOf<Page<GoodsListItem>>(await get(GoodsPaths.list, { pageSize: 100, ...query })).data;

  let deviceType: number;
  let serviceType: number;

  describe('package types', () => {
    it('adds a goods category and a service package with its tasks; lists and reads them', async () => {
      deviceType = await addType({ name: ' 健康器械 ', kind: 'goods', sort: 2 });
      serviceType = await addType({
        name: '心电判读服务包',
        kind: 'service',
        tasks: [
          { kind: 'ecg_reading', count: 3 },
          { kind: 'follow_up_call', count: 1 },
        ],
        description: '判读3次心电',
        sort: 1,
      });
      const types = bodyOf<Page<PackageType>>(await get(PackageTypePaths.list)).data;
      expect(types.list.map((p) => p.name)).toEqual(['心电判读服务包', '健康器械']);
      expect(types.list[0]).toMatchObject({
        kind: 'service',
        tasks: [
          { kind: 'ecg_reading', count: 3 },
          { kind: 'follow_up_call', count: 1 },
        ],
        enabled: true,
        goodsCount: 0,
      });
      const services = bodyOf<Page<PackageType>>(
        await get(PackageTypePaths.list, { kind: 'service' }),
      );
      expect(services.data.list.map((p) => p.id)).toEqual([serviceType]);
      const one = bodyOf<PackageType>(await get(PackageTypePaths.detail, { id: deviceType }));
      expect(one.data).toMatchObject({ name: '健康器械', kind: 'goods', tasks: [], sort: 2 });
      const options = bodyOf<PackageTypeOption[]>(await get(PackageTypePaths.options));
      expect(options.data.map((o) => o.name)).toEqual(['心电判读服务包', '健康器械']);
      // The goods page reads the options too.
      const forGoods = bodyOf(await get(PackageTypePaths.options, {}, viewer));
      expect(forGoods.state).toBe(200);
    });

    it('validates: name, tasks of a service package only, each kind once, counts 1–12', async () => {
      const bad = bodyOf<FieldErrors>(await post(PackageTypePaths.add, { name: '', kind: 'x' }));
      expect(bad.state).toBe(255);
      expect(errorsOf(bad)).toMatchObject({
        name: PackageTypeMessages.nameRequired,
        kind: PackageTypeMessages.kindRequired,
      });
      const noTasks = bodyOf<FieldErrors>(
        await post(PackageTypePaths.add, { name: '随访包', kind: 'service', tasks: [] }),
      );
      expect(errorsOf(noTasks)).toEqual({ tasks: PackageTypeMessages.tasksRequired });
      const goodsTasks = bodyOf<FieldErrors>(
        await post(PackageTypePaths.add, {
          name: '器械',
          kind: 'goods',
          tasks: [{ kind: 'home_visit', count: 1 }],
        }),
      );
      expect(errorsOf(goodsTasks)).toEqual({ tasks: PackageTypeMessages.tasksForGoods });
      const twice = bodyOf<FieldErrors>(
        await post(PackageTypePaths.add, {
          name: '随访包',
          kind: 'service',
          tasks: [
            { kind: 'home_visit', count: 1 },
            { kind: 'home_visit', count: 13 },
            { kind: 'nap', count: 1 },
          ],
        }),
      );
      expect(errorsOf(twice)).toEqual({
        'tasks.1.count': '任务次数应在1到12之间',
        'tasks.2.kind': PackageTypeMessages.taskKindRequired,
      });
      const again = bodyOf<FieldErrors>(
        await post(PackageTypePaths.add, {
          name: '随访包',
          kind: 'service',
          tasks: [
            { kind: 'home_visit', count: 1 },
            { kind: 'home_visit', count: 2 },
          ],
        }),
      );
      expect(errorsOf(again)).toEqual({ 'tasks.1.kind': PackageTypeMessages.taskKindTwice });
      const taken = bodyOf<FieldErrors>(
        await post(PackageTypePaths.add, { name: '健康器械', kind: 'goods' }),
      );
      expect(errorsOf(taken)).toEqual({ name: PackageTypeMessages.nameTaken });
    });

    it('updates a type (the name stays unique) and refuses one that does not exist', async () => {
      const id = await addType({ name: '生活用品', kind: 'goods' });
      const updated = bodyOf(
        await post(PackageTypePaths.update, {
          id,
          name: '生活用品类',
          kind: 'goods',
          description: '居家生活',
          sort: 9,
          enabled: false,
        }),
      );
      expect(updated.state).toBe(200);
      const row = bodyOf<PackageType>(await get(PackageTypePaths.detail, { id })).data;
      expect(row).toMatchObject({ name: '生活用品类', description: '居家生活', enabled: false });
      const clash = bodyOf<FieldErrors>(
        await post(PackageTypePaths.update, { id, name: '健康器械', kind: 'goods' }),
      );
      expect(errorsOf(clash)).toEqual({ name: PackageTypeMessages.nameTaken });
      const missing = bodyOf(
        await post(PackageTypePaths.update, { id: 999_999, name: '不存在', kind: 'goods' }),
      );
      expect(missing).toMatchObject({ state: 255, msg: PackageTypeMessages.notFound });
      // A disabled type is not offered to new goods.
      const refused = bodyOf<FieldErrors>(await post(GoodsPaths.add, goodsBody(id)));
      expect(errorsOf(refused)).toEqual({ packageTypeId: GoodsMessages.packageTypeDisabled });
      await post(PackageTypePaths.delete, { id });
    });

    it('refuses deleting a type goods still use; deleted goods let go of it', async () => {
      const id = await addType({ name: '临时分类', kind: 'goods' });
      const a = await addGoods(goodsBody(id, { name: '临时商品A' }));
      const refused = bodyOf(await post(PackageTypePaths.delete, { id }));
      expect(refused).toMatchObject({ state: 255, msg: '该类型下还有1件商品，不能删除' });
      expect(bodyOf<PackageType>(await get(PackageTypePaths.detail, { id })).data.goodsCount).toBe(
        1,
      );
      expect(bodyOf(await post(GoodsPaths.delete, { id: a.id })).state).toBe(200);
      const deleted = bodyOf(await post(PackageTypePaths.delete, { id }));
      expect(deleted.state).toBe(200);
      expect(bodyOf(await get(PackageTypePaths.detail, { id })).msg).toBe(
        PackageTypeMessages.notFound,
      );
      const kept = await t.db
        .selectFrom('mall_goods')
        .select(['package_type_id', 'deleted_at'])
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(kept.package_type_id).toBeNull();
      expect(kept.deleted_at).not.toBeNull();
    });

    it('answers 266 without a session and 267 without the page or the action', async () => {
      expect(bodyOf(await call(t, 'GET', PackageTypePaths.list))).toEqual(SESSION_INVALID);
      expect(
        bodyOf(await call(t, 'POST', PackageTypePaths.add, { json: { name: 'x', kind: 'goods' } })),
      ).toEqual(SESSION_INVALID);
      expect(bodyOf(await get(PackageTypePaths.list, {}, outsider)).state).toBe(267);
      expect(bodyOf(await get(PackageTypePaths.options, {}, outsider)).state).toBe(267);
      expect(bodyOf(await get(PackageTypePaths.list, {}, viewer)).state).toBe(200);
      for (const path of [PackageTypePaths.add, PackageTypePaths.update, PackageTypePaths.delete]) {
        const body = bodyOf(await post(path, { id: deviceType, name: 'x', kind: 'goods' }, viewer));
        expect(body.state, path).toBe(267);
      }
      expect(
        bodyOf<PackageType>(await get(PackageTypePaths.detail, { id: deviceType })).data.name,
      ).toBe('健康器械');
    });
  });

  describe('goods', () => {
    it('adds a goods item with sanitised rich text and reads it back', async () => {
      const saved = await addGoods(
        goodsBody(deviceType, {
          name: ' 欧姆龙血压计 ',
          cashFen: 990,
          limitPerMember: 2,
          sort: 5,
          description:
            '<p onclick="x()">上臂式<strong>血压计</strong><script>alert(1)</script><img src="javascript:alert(1)"><a href="javascript:alert(1)">链接</a></p>',
        }),
      );
      expect(saved).toMatchObject({ stock: 10, onShelf: false, reviewStatus: 'none' });
      const g = await detail(saved.id);
      expect(g).toMatchObject({
        name: '欧姆龙血压计',
        images: ['/uploads/images/a.png', 'https://cdn.example.com/b.jpg'],
        cover: '/uploads/images/a.png',
        pointsPrice: 1200,
        cashFen: 990,
        stock: 10,
        sold: 0,
        limitPerMember: 2,
        packageTypeId: deviceType,
        packageTypeName: '健康器械',
        packageKind: 'goods',
        onShelf: false,
        reviewStatus: 'none',
        lowStock: true,
        sort: 5,
        createdBy: '系统管理员',
      });
      expect(g.description).toContain('<strong>血压计</strong>');
      expect(g.description).not.toMatch(/script|onclick|javascript/);
      const log = await t.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('module', '=', 'integralmall')
        .where('action', '=', 'add')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(log.target).toBe('商品 欧姆龙血压计');
    });

    it('validates every field with a Chinese message and changes nothing', async () => {
      const before = (await list()).pagination.total;
      const bad = bodyOf<FieldErrors>(
        await post(GoodsPaths.add, {
          name: '',
          images: [],
          pointsPrice: 0,
          cashFen: -1,
          stock: -1,
          limitPerMember: 1000,
          sort: 1.5,
        }),
      );
      expect(bad.state).toBe(255);
      expect(errorsOf(bad)).toEqual({
        name: GoodsMessages.nameRequired,
        images: GoodsMessages.imagesRequired,
        pointsPrice: '积分价格应在1到10000000之间',
        cashFen: '现金价格应在0到99999元之间',
        stock: '库存应在0到999999之间',
        limitPerMember: '每人限兑应在0到999之间',
        packageTypeId: GoodsMessages.packageTypeRequired,
        sort: '排序必须是整数',
      });
      const image = bodyOf<FieldErrors>(
        await post(GoodsPaths.add, goodsBody(deviceType, { images: ['javascript:alert(1)'] })),
      );
      expect(errorsOf(image)).toEqual({ 'images.0': GoodsMessages.imageInvalid });
      const images = bodyOf<FieldErrors>(
        await post(
          GoodsPaths.add,
          goodsBody(deviceType, { images: Array.from({ length: 10 }, () => '/a.png') }),
        ),
      );
      expect(errorsOf(images)).toEqual({ images: GoodsMessages.tooManyImages });
      const unknownType = bodyOf<FieldErrors>(await post(GoodsPaths.add, goodsBody(999_999)));
      expect(errorsOf(unknownType)).toEqual({ packageTypeId: GoodsMessages.packageTypeUnknown });
      const strictType = bodyOf<FieldErrors>(await post(GoodsPaths.add, goodsBody(0)));
      expect(errorsOf(strictType)).toEqual({ packageTypeId: '套餐类型不正确' });
      expect((await list()).pagination.total).toBe(before);
    });

    it('lists with filters, low stock from 商品设置 and the default order it names', async () => {
      const a = await addGoods(goodsBody(deviceType, { name: '血氧仪', stock: 3, sort: 1 }));
      const b = await addGoods(goodsBody(serviceType, { name: '判读服务', stock: 300, sort: 2 }));
      const c = await addGoods(goodsBody(deviceType, { name: '体温计', stock: 0, sort: 3 }));
      await t.db.updateTable('mall_goods').set({ sold: 7 }).where('id', '=', b.id).execute();
      expect(bodyOf(await post(GoodsPaths.shelf, { id: b.id, onShelf: true })).state).toBe(200);

      const byName = await list({ name: '血氧' });
      expect(byName.list.map((g) => g.id)).toEqual([a.id]);
      expect(byName.list[0]).not.toHaveProperty('description');
      const services = await list({ packageTypeId: serviceType });
      expect(services.list.map((g) => g.id)).toEqual([b.id]);
      expect(services.list[0]).toMatchObject({ packageKind: 'service', onShelf: true, sold: 7 });
      expect((await list({ onShelf: true })).list.map((g) => g.id)).toEqual([b.id]);
      const low = (await list({ lowStock: true })).list.map((g) => g.id);
      expect(low).toEqual(expect.arrayContaining([a.id, c.id]));
      expect(low).not.toContain(b.id);
      // The threshold is 商品设置's.
      await saveSettings({ lowStockThreshold: 2 });
      expect((await list({ lowStock: true, name: '血氧' })).list).toEqual([]);
      expect((await detail(a.id)).lowStock).toBe(false);
      expect((await detail(c.id)).lowStock).toBe(true);

      // Default order: by sort value, then newest, then sales, as 商品设置 says.
      await saveSettings({ defaultSort: 'sort' });
      const bySort = (await list()).list.map((g) => g.sort);
      expect(bySort).toEqual([...bySort].sort((x, y) => x - y));
      await saveSettings({ defaultSort: 'newest' });
      expect((await list()).list[0]!.id).toBe(c.id);
      await saveSettings({ defaultSort: 'sales' });
      expect((await list()).list[0]!.id).toBe(b.id);
      const byStock = (await list({ sortField: 'stock', sortOrder: 'ascend' })).list;
      expect(byStock[0]!.stock).toBe(0);
      const bad = bodyOf<FieldErrors>(await get(GoodsPaths.list, { sortField: 'name' }));
      expect(bad.state).toBe(255);
      await saveSettings({});
    });

    it('moves the stock by the edit, keeping what orders took meanwhile, never below 0', async () => {
      const g = await addGoods(goodsBody(deviceType, { name: '颈枕', stock: 10 }));
      // An order takes 2 while the form is open (showing 10); the operator adds 5 (10 → 15).
      await t.db
        .updateTable('mall_goods')
        .set((eb) => ({ stock: eb('stock', '-', 2) }))
        .where('id', '=', g.id)
        .execute();
      const update = (extra: Record<string, unknown>) =>
        post(GoodsPaths.update, { id: g.id, ...goodsBody(deviceType, { name: '颈枕', ...extra }) });
      const saved = bodyOf<GoodsSaved>(await update({ stock: 15, baseStock: 10 }));
      expect(saved.state).toBe(200);
      expect(saved.data.stock).toBe(13);
      // Down to 0 when the form asks for less than orders left.
      const zero = bodyOf<GoodsSaved>(await update({ stock: 0, baseStock: 20 }));
      expect(zero.data.stock).toBe(0);
      // Without baseStock: the stock now.
      const plain = bodyOf<GoodsSaved>(await update({ stock: 4 }));
      expect(plain.data.stock).toBe(4);
      // An emptied cash price (null from the yuan field) is points only.
      const cashless = bodyOf<GoodsSaved>(await update({ stock: 4, cashFen: null }));
      expect(cashless.state).toBe(200);
      expect((await detail(g.id)).cashFen).toBe(0);
      expect((await detail(g.id)).stock).toBe(4);
    });

    it('puts on and off shelf; edits price and stock on shelf; deletes only off shelf (soft)', async () => {
      const g = await addGoods(goodsBody(deviceType, { name: '药盒', stock: 20 }));
      expect(bodyOf(await post(GoodsPaths.shelf, { id: g.id, onShelf: true })).state).toBe(200);
      expect(bodyOf(await post(GoodsPaths.shelf, { id: g.id, onShelf: true }))).toMatchObject({
        state: 255,
        msg: GoodsMessages.alreadyOnShelf,
      });
      const edited = bodyOf<GoodsSaved>(
        await post(GoodsPaths.update, {
          id: g.id,
          ...goodsBody(deviceType, { name: '药盒', pointsPrice: 900, stock: 25, baseStock: 20 }),
        }),
      );
      expect(edited.data).toMatchObject({ onShelf: true, stock: 25, tookOffShelf: false });
      expect(edited.msg).toBe(GoodsMessages.saved);
      const refused = bodyOf(await post(GoodsPaths.delete, { id: g.id }));
      expect(refused).toMatchObject({ state: 255, msg: GoodsMessages.deleteOnShelf });
      expect(bodyOf(await post(GoodsPaths.shelf, { id: g.id, onShelf: false })).state).toBe(200);
      expect(bodyOf(await post(GoodsPaths.delete, { id: g.id })).state).toBe(200);
      expect(bodyOf(await get(GoodsPaths.detail, { id: g.id }))).toMatchObject({
        state: 255,
        msg: GoodsMessages.notFound,
      });
      expect((await list({ name: '药盒' })).list).toEqual([]);
      const row = await t.db
        .selectFrom('mall_goods')
        .select(['deleted_at', 'name'])
        .where('id', '=', g.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      expect(bodyOf(await post(GoodsPaths.shelf, { id: g.id, onShelf: true })).msg).toBe(
        GoodsMessages.notFound,
      );
    });

    it('reviews before listing when 商品设置 asks for it', async () => {
      await saveSettings({ reviewRequired: true });
      const onShelf = bodyOf<FieldErrors>(
        await post(GoodsPaths.add, goodsBody(deviceType, { name: '浴室凳', onShelf: true })),
      );
      expect(errorsOf(onShelf)).toEqual({ onShelf: GoodsMessages.addOnShelfReview });
      const added = bodyOf<GoodsSaved>(
        await post(GoodsPaths.add, goodsBody(deviceType, { name: '浴室凳' })),
      );
      expect(added.data.reviewStatus).toBe('pending');
      expect(added.msg).toBe(GoodsMessages.submittedForReview);
      const id = added.data.id;
      expect(bodyOf(await post(GoodsPaths.shelf, { id, onShelf: true }))).toMatchObject({
        state: 255,
        msg: GoodsMessages.reviewPending,
      });
      expect((await list({ reviewStatus: 'pending' })).list.map((g) => g.id)).toContain(id);

      const noReason = bodyOf<FieldErrors>(await post(GoodsPaths.review, { id, approved: false }));
      expect(errorsOf(noReason)).toEqual({ remark: GoodsMessages.rejectReasonRequired });
      expect(
        bodyOf(await post(GoodsPaths.review, { id, approved: false, remark: '图片不清晰' })).state,
      ).toBe(200);
      expect(await detail(id)).toMatchObject({
        reviewStatus: 'rejected',
        reviewRemark: '图片不清晰',
      });
      expect(bodyOf(await post(GoodsPaths.shelf, { id, onShelf: true })).msg).toBe(
        GoodsMessages.reviewRejected,
      );
      expect(bodyOf(await post(GoodsPaths.review, { id, approved: true })).msg).toBe(
        GoodsMessages.notPending,
      );

      // Edited: pending again; approved: it may go on shelf.
      const resubmitted = bodyOf<GoodsSaved>(
        await post(GoodsPaths.update, {
          id,
          ...goodsBody(deviceType, { name: '浴室凳', images: ['/uploads/images/new.png'] }),
        }),
      );
      expect(resubmitted.data.reviewStatus).toBe('pending');
      expect(bodyOf(await post(GoodsPaths.review, { id, approved: true })).state).toBe(200);
      expect(await detail(id)).toMatchObject({ reviewStatus: 'approved', reviewRemark: '' });
      expect(bodyOf(await post(GoodsPaths.shelf, { id, onShelf: true })).state).toBe(200);

      // On shelf: a stock or sort edit stays listed; a price edit goes back to review, off shelf.
      const stockOnly = bodyOf<GoodsSaved>(
        await post(GoodsPaths.update, {
          id,
          ...goodsBody(deviceType, {
            name: '浴室凳',
            images: ['/uploads/images/new.png'],
            stock: 30,
            sort: 8,
          }),
        }),
      );
      expect(stockOnly.data).toMatchObject({ onShelf: true, reviewStatus: 'approved', stock: 30 });
      const priced = bodyOf<GoodsSaved>(
        await post(GoodsPaths.update, {
          id,
          ...goodsBody(deviceType, {
            name: '浴室凳',
            images: ['/uploads/images/new.png'],
            stock: 30,
            pointsPrice: 1500,
          }),
        }),
      );
      expect(priced.data).toMatchObject({
        onShelf: false,
        reviewStatus: 'pending',
        tookOffShelf: true,
      });
      expect(priced.msg).toBe(GoodsMessages.pendingTakenOff);

      // Review off: shelving is free again and a new goods item needs none.
      await saveSettings({ reviewRequired: false });
      expect(bodyOf(await post(GoodsPaths.shelf, { id, onShelf: true })).state).toBe(200);
      const free = await addGoods(goodsBody(deviceType, { name: '直接上架', onShelf: true }));
      expect(free).toMatchObject({ onShelf: true, reviewStatus: 'none' });
    });

    it('answers 266 without a session, 267 without the page or the action, and strict ids', async () => {
      const g = await addGoods(goodsBody(deviceType, { name: '权限测试' }));
      expect(bodyOf(await call(t, 'GET', GoodsPaths.list))).toEqual(SESSION_INVALID);
      expect(
        bodyOf(await call(t, 'POST', GoodsPaths.shelf, { json: { id: g.id, onShelf: true } })),
      ).toEqual(SESSION_INVALID);
      expect(bodyOf(await get(GoodsPaths.list, {}, outsider)).state).toBe(267);
      expect(bodyOf(await get(GoodsPaths.detail, { id: g.id }, outsider)).state).toBe(267);
      expect(bodyOf(await get(GoodsPaths.list, {}, viewer)).state).toBe(200);
      const writes: [string, unknown][] = [
        [GoodsPaths.add, goodsBody(deviceType)],
        [GoodsPaths.update, { id: g.id, ...goodsBody(deviceType) }],
        [GoodsPaths.shelf, { id: g.id, onShelf: true }],
        [GoodsPaths.review, { id: g.id, approved: true }],
        [GoodsPaths.delete, { id: g.id }],
      ];
      for (const [path, json] of writes) {
        expect(bodyOf(await post(path, json, viewer)).state, path).toBe(267);
      }
      // Adding straight onto the shelf takes the shelf action too.
      const clerkShelf = bodyOf(
        await post(
          GoodsPaths.add,
          goodsBody(deviceType, { name: '录入上架', onShelf: true }),
          clerk,
        ),
      );
      expect(clerkShelf).toMatchObject({ state: 267, msg: GoodsMessages.noShelfPermission });
      expect((await addGoods(goodsBody(deviceType, { name: '录入商品' }), clerk)).onShelf).toBe(
        false,
      );
      // Ids are strict.
      for (const id of [true, '1e0', '01', 1.5, -1]) {
        const body = bodyOf(await post(GoodsPaths.delete, { id }));
        expect(body, String(id)).toMatchObject({ state: 255, msg: '记录编号不正确' });
      }
      const query = bodyOf(await call(t, 'GET', `${GoodsPaths.detail}?id=0x1`, { token: admin }));
      expect(query).toMatchObject({ state: 255, msg: '记录编号不正确' });
      expect((await detail(g.id)).name).toBe('权限测试');
    });
  });

  describe('商品设置', () => {
    it('saves and reads goods_set; validates; needs its page', async () => {
      const info = bodyOf<SettingInfo<'goods_set'>>(
        await get(SettingsPaths.info, { section: 'goods_set' }),
      );
      expect(info.data.value).toEqual(DEFAULT_GOODS_SET);
      const value: GoodsSet = {
        reviewRequired: true,
        lowStockThreshold: 5,
        defaultSort: 'sales',
        showSoldOut: false,
      };
      await saveSettings(value);
      const saved = bodyOf<SettingInfo<'goods_set'>>(
        await get(SettingsPaths.info, { section: 'goods_set' }),
      );
      expect(saved.data.value).toEqual(value);
      expect(saved.data.updatedBy).toBeTruthy();
      const bad = bodyOf<FieldErrors>(
        await post(SettingsPaths.update, {
          section: 'goods_set',
          value: { ...value, lowStockThreshold: 10_000, defaultSort: 'price' },
        }),
      );
      expect(bad.state).toBe(255);
      expect(errorsOf(bad)).toEqual({
        'value.lowStockThreshold': '库存预警值应在0到9999之间',
        'value.defaultSort': '请选择商品默认排序',
      });
      expect(bodyOf(await get(SettingsPaths.info, { section: 'goods_set' }, outsider)).state).toBe(
        267,
      );
      // The viewer holds the page but not its edit action.
      expect(
        bodyOf(await post(SettingsPaths.update, { section: 'goods_set', value }, viewer)).state,
      ).toBe(267);
      await saveSettings({});
    });
  });
});
