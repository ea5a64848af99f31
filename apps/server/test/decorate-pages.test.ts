import {
  DecoratePageMessages,
  DecoratePagePaths,
  DecoratePublicPaths,
  GoodsPaths,
  LinkMessages,
  emptyDocument,
  newBlock,
  type DecoratePageDetail,
  type DecoratePageRow,
  type Page,
  type PageDocument,
  type PageVersionRow,
  type PreviewLink,
  type PublicPage,
  COMPONENT_TYPES,
  DEFAULT_GOODS_SET,
  duplicateBlock,
  insertBlock,
  moveBlock,
  removeBlock,
  updateBlock,
  SettingsPaths,
  VideoPaths,
} from '@health/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  SESSION_INVALID,
  bodyOf,
  call,
  createGroup,
  createTestApp,
  createOperator,
  createViewerAndOutsider,
  login,
  loginAdmin,
  loginViewers,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';

const HOME = '/decorate_m/lists';
const MINUTE = 60_000;

describe.each(databaseKinds)('装修 pages API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  /** An operator who may edit home pages but not publish them. */
  let editor: string;

  setupApp(kind, async (app) => {
    t = app;
    await createViewerAndOutsider(t, [HOME]);
    const editors = await createGroup(t, '装修编辑', [HOME, `${HOME}:add`, `${HOME}:edit`]);
    await createOperator(t, {
      username: 'editor',
      password: 'Edit@1234',
      groupId: editors,
      realName: '李编辑',
    });
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewers(t));
    editor = (await login(t, 'editor', 'Edit@1234')).access_token;
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const get = (path: string, query: Record<string, unknown>, token = admin) =>
    call(t, 'GET', path, { token, query });

  async function addPage(name: string, pageKind = 'home'): Promise<number> {
    const res = bodyOf<{ id: number }>(await post(DecoratePagePaths.add, { kind: pageKind, name }));
    expect(res.state).toBe(200);
    return res.data.id;
  }
  const detail = async (id: number) =>
    bodyOf<DecoratePageDetail>(await get(DecoratePagePaths.detail, { id })).data;

  async function addGoods(onShelf = true): Promise<number> {
    const { id } = await t.db
      .insertInto('mall_goods')
      .values({
        name: `商品${Math.random().toString(36).slice(2, 8)}`,
        package_type_id: null,
        images_json: JSON.stringify(['https://img.example.com/g.png']),
        points_price: 300,
        stock: 5,
        on_shelf: onShelf ? 1 : 0,
        created_by: 'admin',
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /** A page with a notice, a carousel image linking to a goods item and a picked goods list. */
  function goodPage(goodsId: number, title = '健康首页'): PageDocument {
    const doc = emptyDocument(title);
    const notice = newBlock('notice', 'notice-1');
    notice.props.text = '新品上架';
    const carousel = newBlock('carousel', 'carousel-1');
    carousel.props.items = [
      {
        image: 'https://img.example.com/banner.png',
        link: { navType: 'jjk_mall_goods', subContent: String(goodsId) },
      },
    ];
    const goods = newBlock('goodsList', 'goods-1');
    goods.props.source = 'picked';
    goods.props.goodsIds = [goodsId];
    doc.content = [notice, carousel, goods];
    return doc;
  }

  /** The operation log's latest entry of a 装修 action, its snapshots parsed. */
  const lastLog = (action: string) =>
    t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json', 'message'])
      .where('module', '=', 'decorate')
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
      .then((r) => ({
        before: JSON.parse(r.before_json ?? 'null') as unknown,
        after: JSON.parse(r.after_json ?? 'null') as unknown,
        message: r.message,
      }));

  async function saveDraft(id: number, revision: number, document: unknown, token = admin) {
    return bodyOf<{ revision: number }>(
      await post(DecoratePagePaths.saveDraft, { id, revision, document }, token),
    );
  }

  it('adds a page as an empty draft and saves drafts against their revision; a stale save is refused and changes nothing', async () => {
    const id = await addPage('春季首页');
    const first = await detail(id);
    expect(first).toMatchObject({ kind: 'home', name: '春季首页', status: 'draft', revision: 1 });
    expect(first.document.content).toEqual([]);

    const goodsId = await addGoods();
    const saved = await saveDraft(id, 1, goodPage(goodsId), editor);
    expect(saved).toMatchObject({ state: 200, data: { revision: 2 } });

    // The admin's builder still has revision 1: refused, naming who saved.
    const stale = await saveDraft(id, 1, emptyDocument('覆盖'));
    expect(stale.state).toBe(255);
    expect(stale.msg).toContain('李编辑');
    expect(stale.msg).toContain('请载入最新草稿');
    const after = await detail(id);
    expect(after.revision).toBe(2);
    expect(after.document.content.map((b) => b.type)).toEqual(['notice', 'carousel', 'goodsList']);
    expect(after.draftSavedBy).toBe('李编辑');
  });

  it('refuses a document that breaks the schema with a Chinese message, and non-integer ids', async () => {
    const id = await addPage('格式检查');
    const bad = bodyOf<FieldErrors>(
      await post(DecoratePagePaths.saveDraft, {
        id,
        revision: 1,
        document: {
          schemaVersion: 1,
          root: { props: {} },
          content: [{ type: 'nope', props: { id: 'x1234' } }],
        },
      }),
    );
    expect(bad.state).toBe(255);
    expect(bad.msg).toBe('组件类型不正确');

    const dupes = emptyDocument('x');
    dupes.content = [newBlock('blank', 'same-id'), newBlock('blank', 'same-id')];
    const dup = bodyOf(
      await post(DecoratePagePaths.saveDraft, { id, revision: 1, document: dupes }),
    );
    expect(dup).toMatchObject({ state: 255, msg: '区块编号重复' });

    for (const value of ['1.5', '1e3', '0x10', '-1']) {
      const res = bodyOf(await get(DecoratePagePaths.detail, { id: value }));
      expect(res.state, value).toBe(255);
    }
    expect((await detail(id)).revision).toBe(1);
  });

  it('refuses to publish with every problem pointing at its block, then publishes once fixed; the public page never shows a draft', async () => {
    const offShelf = await addGoods(false);
    const id = await addPage('发布检查');
    const doc = emptyDocument('发布检查');
    const carousel = newBlock('carousel', 'carousel-a');
    const notice = newBlock('notice', 'notice-a');
    notice.props.text = '公告';
    notice.props.link = { navType: 'ljdz', subContent: 'http://insecure.example.com' };
    const title = newBlock('title', 'title-a');
    title.props.text = '推荐';
    title.props.link = { navType: 'jjk_mall_goods', subContent: String(offShelf) };
    const rich = newBlock('richText', 'rich-a');
    rich.props.html = '<p>说明</p><script>alert(1)</script><img src="/uploads/gone/deleted.png">';
    doc.content = [carousel, notice, title, rich];
    expect((await saveDraft(id, 1, doc)).state).toBe(200);
    // Rich text is sanitised when saved.
    const savedRich = (await detail(id)).document.content[3]!;
    expect(JSON.stringify(savedRich)).not.toContain('<script>');

    const refused = bodyOf<{
      errors: { id: string | null; blockId: string | null; field: string; msg: string }[];
    }>(await post(DecoratePagePaths.publish, { id, revision: 2 }));
    // Each names its block's `id` (the API's name; `blockId` the same for the builder).
    for (const e of refused.data.errors) expect(e.id).toBe(e.blockId);
    expect(refused.state).toBe(255);
    expect(refused.msg).toBe(DecoratePageMessages.problems(refused.data.errors.length));
    const byBlock = Object.fromEntries(refused.data.errors.map((e) => [e.blockId, e.msg]));
    expect(byBlock['carousel-a']).toContain('至少需要一项');
    expect(byBlock['notice-a']).toContain('https://');
    expect(byBlock['title-a']).toContain('下架');
    // A picture of the rich text that is no longer stored.
    expect(byBlock['rich-a']).toBe('图片已不存在，请重新上传');
    expect((await detail(id)).publishedVersion).toBeNull();

    // Fixed: a goods item on shelf, an https address, an image in the carousel.
    const onShelf = await addGoods();
    carousel.props.items = [
      { image: 'https://img.example.com/a.png', link: { navType: 'none', subContent: '' } },
    ];
    notice.props.link = { navType: 'ljdz', subContent: 'https://www.example.com/spring' };
    title.props.link = { navType: 'jjk_mall_goods', subContent: String(onShelf) };
    rich.props.html = '<p>说明</p>';
    expect((await saveDraft(id, 2, doc)).state).toBe(200);
    const published = bodyOf<{ version: number }>(
      await post(DecoratePagePaths.publish, { id, revision: 3, note: '春季上线' }),
    );
    expect(published).toMatchObject({ state: 200, data: { version: 1 }, msg: '已发布为第1版' });
    expect(await detail(id)).toMatchObject({ status: 'published', publishedVersion: 1 });

    // Not enabled yet: the app's home is the built-in default page.
    const before = bodyOf<PublicPage>(await call(t, 'GET', DecoratePublicPaths.home));
    expect(before.data.version).toBe(0);
    // Never an empty answer: a search bar and the newest goods members can redeem.
    expect(before.data.document.content.map((b) => b.type)).toEqual(['search', 'goodsList']);
    expect(before.data.records['default-newest']!.goods!.length).toBeGreaterThan(0);

    expect(bodyOf(await post(DecoratePagePaths.enable, { id })).state).toBe(200);
    const live = await call(t, 'GET', DecoratePublicPaths.home);
    const page = bodyOf<PublicPage>(live).data;
    expect(page.version).toBe(1);
    expect(page.document.content.map((b) => b.props.id)).toEqual([
      'carousel-a',
      'notice-a',
      'title-a',
      'rich-a',
    ]);
    // The app asks again with its ETag: 304, nothing sent.
    const etag = live.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: t.api(DecoratePublicPaths.home),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A new draft: the page has unpublished changes; the app still sees version 1.
    notice.props.text = '未发布的公告';
    expect((await saveDraft(id, 3, doc)).state).toBe(200);
    expect((await detail(id)).status).toBe('changed');
    t.clock.advance(10_000);
    const still = bodyOf<PublicPage>(await call(t, 'GET', DecoratePublicPaths.home)).data;
    expect(JSON.stringify(still)).not.toContain('未发布的公告');
  });

  it('resolves picked goods when the page is read: a price change shows, an item taken off shelf goes, and the list marks the link broken', async () => {
    const goodsId = await addGoods();
    const id = await addPage('商品解析', 'topic');
    expect((await saveDraft(id, 1, goodPage(goodsId, '专题'))).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
    const read = async () =>
      bodyOf<PublicPage>(await call(t, 'GET', DecoratePublicPaths.topic, { query: { id } })).data;
    expect((await read()).records['goods-1']!.goods![0]).toMatchObject({
      id: goodsId,
      pointsPrice: 300,
    });

    await t.db
      .updateTable('mall_goods')
      .set({ points_price: 250 })
      .where('id', '=', goodsId)
      .execute();
    t.clock.advance(10_000);
    expect((await read()).records['goods-1']!.goods![0]!.pointsPrice).toBe(250);

    // Taken off shelf by an operator: the app's page no longer shows it or links to it, at once
    // (the public cache is cleared), though the page itself is unchanged.
    const carouselLink = (page: PublicPage) =>
      (
        page.document.content.find((b) => b.props.id === 'carousel-1')!.props as {
          items: { link: unknown }[];
        }
      ).items[0]!.link;
    expect(carouselLink(await read())).toEqual({
      navType: 'jjk_mall_goods',
      subContent: String(goodsId),
    });
    expect(bodyOf(await post(GoodsPaths.shelf, { id: goodsId, onShelf: false })).state).toBe(200);
    expect((await read()).records['goods-1']!.goods).toEqual([]);
    expect(carouselLink(await read())).toEqual({ navType: 'none', subContent: '' });
    const rows = bodyOf<Page<DecoratePageRow>>(await get(DecoratePagePaths.list, { kind: 'topic' }))
      .data.list;
    expect(rows.find((r) => r.id === id)!.brokenLinks.join()).toContain('下架');
  });

  it("fills every goods list of a page with its own goods: picked in the operator's order, newest and best-selling up to each list's count", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1_000);
      ids.push(await addGoods());
    }
    const [g1, g2, g3, g4, g5] = ids as [number, number, number, number, number];
    for (const [id, sold] of [
      [g1, 50],
      [g3, 40],
      [g2, 30],
    ] as const)
      await t.db.updateTable('mall_goods').set({ sold }).where('id', '=', id).execute();
    const list = (
      id: string,
      set: (p: ReturnType<typeof newBlock<'goodsList'>>['props']) => void,
    ) => {
      const block = newBlock('goodsList', id);
      set(block.props);
      return block;
    };
    const doc = emptyDocument('多个商品列表');
    doc.content = [
      list('picked-a', (p) => ((p.source = 'picked'), (p.goodsIds = [g2, g5, g1]))),
      list('picked-b', (p) => ((p.source = 'picked'), (p.goodsIds = [g1]))),
      list('newest-4', (p) => ((p.source = 'newest'), (p.count = 4))),
      list('newest-2', (p) => ((p.source = 'newest'), (p.count = 2))),
      list('best-3', (p) => ((p.source = 'bestSelling'), (p.count = 3))),
    ];
    const id = await addPage('多个商品列表', 'topic');
    expect((await saveDraft(id, 1, doc)).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
    const page = bodyOf<PublicPage>(
      await call(t, 'GET', DecoratePublicPaths.topic, { query: { id } }),
    ).data;
    const idsOf = (block: string) => page.records[block]!.goods!.map((g) => g.id);
    expect(idsOf('picked-a')).toEqual([g2, g5, g1]);
    expect(idsOf('picked-b')).toEqual([g1]);
    expect(idsOf('newest-4')).toEqual([g5, g4, g3, g2]);
    expect(idsOf('newest-2')).toEqual([g5, g4]);
    expect(idsOf('best-3')).toEqual([g1, g3, g2]);
  });

  it("shows a health-service block's packages with their plans (the package's goods, cheapest first, three at most) when it shows plans", async () => {
    const { id: typeId } = await t.db
      .insertInto('mall_package_types')
      .values({
        name: '心电判读服务包',
        kind: 'service',
        description: '医生判读心电记录',
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const prices = [900, 300, 600, 1200];
    const plans: number[] = [];
    for (const price of prices) {
      const goodsId = await addGoods();
      await t.db
        .updateTable('mall_goods')
        .set({ package_type_id: Number(typeId), points_price: price })
        .where('id', '=', goodsId)
        .execute();
      plans.push(goodsId);
    }
    const shown = newBlock('healthService', 'services-with-plans');
    shown.props.packageTypeIds = [Number(typeId)];
    const hidden = newBlock('healthService', 'services-no-plans');
    hidden.props.packageTypeIds = [Number(typeId)];
    hidden.props.showPlans = false;
    const doc = emptyDocument('健康服务');
    doc.content = [shown, hidden];
    const id = await addPage('健康服务', 'topic');
    expect((await saveDraft(id, 1, doc)).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
    const page = bodyOf<PublicPage>(
      await call(t, 'GET', DecoratePublicPaths.topic, { query: { id } }),
    ).data;
    const [service] = page.records['services-with-plans']!.packageTypes!;
    expect(service).toMatchObject({ id: Number(typeId), name: '心电判读服务包' });
    expect(service!.plans.map((p) => [p.id, p.pointsPrice])).toEqual([
      [plans[1], 300],
      [plans[2], 600],
      [plans[0], 900],
    ]);
    expect(page.records['services-no-plans']!.packageTypes![0]!.plans).toEqual([]);
  });

  it('tells whoever takes a linked goods item off shelf which live pages link to it', async () => {
    const goodsId = await addGoods();
    const id = await addPage('下架提醒', 'topic');
    expect((await saveDraft(id, 1, goodPage(goodsId, '下架提醒'))).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
    const off = bodyOf<{ linkedBy: string[] }>(
      await post(GoodsPaths.shelf, { id: goodsId, onShelf: false }),
    );
    expect(off.state).toBe(200);
    expect(off.data.linkedBy).toEqual(['专题“下架提醒”']);
    expect(off.msg).toBe(LinkMessages.stillLinked('专题“下架提醒”'));
    // Back on shelf: nothing to warn about.
    const on = bodyOf<{ linkedBy: string[] }>(
      await post(GoodsPaths.shelf, { id: goodsId, onShelf: true }),
    );
    expect(on.data.linkedBy).toEqual([]);

    // A home page links to the topic; deleting the topic says so.
    const home = await addPage('链接专题的首页');
    const doc = emptyDocument('首页');
    const title = newBlock('title', 'title-topic');
    title.props.text = '专题推荐';
    title.props.link = { navType: 'jjkzty', subContent: String(id) };
    doc.content = [title];
    expect((await saveDraft(home, 1, doc)).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id: home, revision: 2 })).state).toBe(
      200,
    );
    const deleted = bodyOf<{ linkedBy: string[] }>(await post(DecoratePagePaths.delete, { id }));
    expect(deleted).toMatchObject({ state: 200, data: { linkedBy: ['首页“链接专题的首页”'] } });
    const rows = bodyOf<Page<DecoratePageRow>>(await get(DecoratePagePaths.list, { kind: 'home' }))
      .data.list;
    expect(rows.find((r) => r.id === home)!.brokenLinks).toEqual(['专题不存在或已删除']);
  });

  it('keeps immutable versions: view one, roll back into a new draft, history unchanged', async () => {
    const id = await addPage('版本');
    let revision = 1;
    for (const text of ['第一版', '第二版']) {
      const doc = emptyDocument('版本');
      const title = newBlock('title', 'title-v');
      title.props.text = text;
      doc.content = [title];
      revision = (await saveDraft(id, revision, doc)).data.revision;
      expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision })).state).toBe(200);
    }
    const versions = bodyOf<PageVersionRow[]>(await get(DecoratePagePaths.versions, { id })).data;
    expect(versions.map((v) => [v.version, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    const v1 = bodyOf<{ document: PageDocument }>(
      await get(DecoratePagePaths.version, { id, version: 1 }),
    ).data;
    expect(JSON.stringify(v1.document)).toContain('第一版');

    const rolled = bodyOf<{ revision: number }>(
      await post(DecoratePagePaths.rollback, { id, version: 1 }),
    );
    expect(rolled).toMatchObject({ state: 200, data: { revision: revision + 1 } });
    const now = await detail(id);
    expect(JSON.stringify(now.document)).toContain('第一版');
    expect(now).toMatchObject({ status: 'changed', publishedVersion: 2 });
    expect(
      bodyOf<PageVersionRow[]>(await get(DecoratePagePaths.versions, { id })).data,
    ).toHaveLength(2);
    const missing = bodyOf(await post(DecoratePagePaths.rollback, { id, version: 9 }));
    expect(missing).toMatchObject({ state: 255, msg: DecoratePageMessages.versionNotFound });
  });

  it('keeps exactly one home page enabled under 10 concurrent enables, and never deletes the enabled one', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await addPage(`并发${i}`);
      const doc = emptyDocument(`并发${i}`);
      expect((await saveDraft(id, 1, doc)).state).toBe(200);
      expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
      ids.push(id);
    }
    const answers = await Promise.all(
      ids.map((id) => post(DecoratePagePaths.enable, { id }).then((r) => bodyOf(r).state)),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    const enabled = await t.db
      .selectFrom('decorate_pages')
      .select('id')
      .where('enabled_kind', '=', 'home')
      .execute();
    expect(enabled).toHaveLength(1);

    const on = Number(enabled[0]!.id);
    const refused = bodyOf(await post(DecoratePagePaths.delete, { id: on }));
    expect(refused).toMatchObject({ state: 255, msg: DecoratePageMessages.deleteEnabled });
    const other = ids.find((i) => i !== on)!;
    expect(bodyOf(await post(DecoratePagePaths.delete, { id: other })).state).toBe(200);
    expect(bodyOf(await get(DecoratePagePaths.detail, { id: other })).state).toBe(255);

    // A never-published page cannot be enabled; a topic has nothing to enable.
    const fresh = await addPage('未发布');
    expect(bodyOf(await post(DecoratePagePaths.enable, { id: fresh }))).toMatchObject({
      state: 255,
      msg: DecoratePageMessages.enableNeedsPublished,
    });
  });

  it('opens the draft through a preview link pinned to its revision; expired, tampered and revoked links show nothing', async () => {
    const id = await addPage('预览');
    const doc = emptyDocument('预览');
    const title = newBlock('title', 'title-p');
    title.props.text = '预览中的标题';
    doc.content = [title];
    expect((await saveDraft(id, 1, doc)).state).toBe(200);
    // A link that opens the draft without a login: not for whoever may only read the list.
    expect(bodyOf(await post(DecoratePagePaths.previewLink, { id }, viewer)).state).toBe(267);
    const link = bodyOf<PreviewLink>(await post(DecoratePagePaths.previewLink, { id })).data;
    expect(link.url).toBe(`/m/preview?token=${link.token}`);
    expect(link.expiresAt).toBe(t.clock.now + 30 * MINUTE);
    expect((await lastLog('previewLink')).after).toMatchObject({
      revision: 2,
      expiresAt: link.expiresAt,
    });

    const open = async (token: string) =>
      bodyOf<PublicPage>(await call(t, 'GET', DecoratePublicPaths.preview, { query: { token } }));
    expect(JSON.stringify((await open(link.token)).data)).toContain('预览中的标题');

    // Later saves do not change what the link shows.
    title.props.text = '之后的标题';
    expect((await saveDraft(id, 2, doc)).state).toBe(200);
    expect(JSON.stringify((await open(link.token)).data)).toContain('预览中的标题');

    const tampered = link.token.slice(0, -2) + (link.token.endsWith('A') ? 'BB' : 'AA');
    expect(await open(tampered)).toMatchObject({ state: 255, msg: '预览链接无效', data: null });

    const second = bodyOf<PreviewLink>(await post(DecoratePagePaths.previewLink, { id })).data;
    expect(bodyOf(await post(DecoratePagePaths.revokePreview, { id }))).toMatchObject({
      state: 200,
      data: { revoked: 2 },
    });
    expect(await open(second.token)).toMatchObject({ state: 255, msg: '预览链接已被撤销' });

    const third = bodyOf<PreviewLink>(await post(DecoratePagePaths.previewLink, { id })).data;
    t.clock.advance(31 * MINUTE);
    expect(await open(third.token)).toMatchObject({
      state: 255,
      msg: '预览链接已过期，请重新生成',
    });
  });

  it('holds an edit lock: another editor is told who is editing, may take it over, and the first can no longer save', async () => {
    const id = await addPage('锁');
    expect(bodyOf(await post(DecoratePagePaths.lock, { id }, admin)).state).toBe(200);
    const refused = bodyOf<{ lockedBy: string }>(
      await post(DecoratePagePaths.lock, { id }, editor),
    );
    expect(refused.state).toBe(255);
    expect(refused.msg).toMatch(/正在编辑$/);
    expect((await detail(id)).lockedBy).toBeNull(); // the admin's own lock

    const taken = bodyOf(await post(DecoratePagePaths.lock, { id, takeOver: true }, editor));
    expect(taken.state).toBe(200);
    const blocked = await saveDraft(id, 1, emptyDocument('锁'));
    expect(blocked).toMatchObject({ state: 255, msg: '李编辑 正在编辑' });
    expect((await detail(id)).lockedBy).toBe('李编辑');

    // A lock not renewed expires.
    t.clock.advance(2 * MINUTE);
    expect((await saveDraft(id, 1, emptyDocument('锁'))).state).toBe(200);
  });

  it('publishes at the scheduled time, checked again then; a draft changed since is not published', async () => {
    const id = await addPage('定时');
    expect((await saveDraft(id, 1, emptyDocument('定时'))).state).toBe(200);
    const past = bodyOf(
      await post(DecoratePagePaths.schedule, { id, revision: 2, at: t.clock.now - 1 }),
    );
    expect(past).toMatchObject({ state: 255, msg: DecoratePageMessages.scheduleInPast });
    const at = t.clock.now + 60 * MINUTE;
    expect(bodyOf(await post(DecoratePagePaths.schedule, { id, revision: 2, at })).state).toBe(200);
    expect((await detail(id)).scheduledAt).toBe(at);
    t.clock.advance(61 * MINUTE);
    await t.app.jobs.runDue();
    expect(await detail(id)).toMatchObject({ publishedVersion: 1, scheduledAt: null });

    expect((await saveDraft(id, 2, emptyDocument('定时二'))).state).toBe(200);
    expect(
      bodyOf(await post(DecoratePagePaths.schedule, { id, revision: 3, at: t.clock.now + MINUTE }))
        .state,
    ).toBe(200);
    expect((await saveDraft(id, 3, emptyDocument('定时三'))).state).toBe(200);
    t.clock.advance(2 * MINUTE);
    await t.app.jobs.runDue();
    expect(await detail(id)).toMatchObject({ publishedVersion: 1, scheduledAt: null });
    expect((await lastLog('schedulePublish')).message).toContain('定时发布失败');
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(
      bodyOf(await call(t, 'GET', DecoratePagePaths.list, { query: { kind: 'home' } })),
    ).toEqual(SESSION_INVALID);
    // The viewer reads home pages but may not add; topics are not theirs.
    expect(bodyOf(await get(DecoratePagePaths.list, { kind: 'home' }, viewer)).state).toBe(200);
    expect(bodyOf(await get(DecoratePagePaths.list, { kind: 'topic' }, viewer)).state).toBe(267);
    expect(
      bodyOf(await post(DecoratePagePaths.add, { kind: 'home', name: 'x' }, viewer)).state,
    ).toBe(267);
    expect(bodyOf(await get(DecoratePagePaths.list, { kind: 'home' }, outsider)).state).toBe(267);
    // The editor drafts but may not publish.
    const id = await addPage('无发布权限');
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 1 }, editor)).state).toBe(
      267,
    );
    expect(bodyOf(await post(DecoratePagePaths.enable, { id }, editor)).state).toBe(267);
  });

  it('copies, renames, cancels a schedule, resolves a draft, releases the lock, and logs each change with before and after', async () => {
    const goodsId = await addGoods();
    const id = await addPage('原页面');
    expect((await saveDraft(id, 1, goodPage(goodsId, '原页面'))).state).toBe(200);
    // 复制: a new page, a draft of the same document, nothing published.
    const copied = bodyOf<{ id: number }>(await post(DecoratePagePaths.copy, { id }));
    expect(copied.state).toBe(200);
    const copy = await detail(copied.data.id);
    expect(copy).toMatchObject({ name: '原页面 副本', publishedVersion: null, enabled: false });
    expect(copy.document).toEqual((await detail(id)).document);
    expect((await lastLog('copy')).before).toMatchObject({ id, name: '原页面' });

    // 重命名.
    expect(bodyOf(await post(DecoratePagePaths.rename, { id, name: '新名字' })).state).toBe(200);
    expect((await detail(id)).name).toBe('新名字');
    expect(await lastLog('edit')).toMatchObject({
      before: { name: '原页面' },
      after: { name: '新名字' },
    });

    // 定时发布, then cancelled: nothing runs at that time.
    const at = t.clock.now + 60 * MINUTE;
    expect(bodyOf(await post(DecoratePagePaths.schedule, { id, revision: 2, at })).state).toBe(200);
    expect((await detail(id)).scheduledAt).toBe(at);
    expect(bodyOf(await post(DecoratePagePaths.unschedule, { id })).state).toBe(200);
    expect((await detail(id)).scheduledAt).toBeNull();

    // 发布 and 回滚 logged with the versions before and after.
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
    expect(await lastLog('publish')).toMatchObject({
      before: { version: null },
      after: { version: 1, revision: 2 },
    });
    expect(bodyOf(await post(DecoratePagePaths.enable, { id })).state).toBe(200);
    expect((await lastLog('enable')).after).toMatchObject({ enabled: `新名字（${id}）` });
    expect(bodyOf(await post(DecoratePagePaths.rollback, { id, version: 1 })).state).toBe(200);
    expect(await lastLog('rollback')).toMatchObject({
      before: { revision: 2 },
      after: { fromVersion: 1, revision: 3 },
    });
    // 删除 of the copy, logged with what it was.
    expect(bodyOf(await post(DecoratePagePaths.delete, { id: copied.data.id })).state).toBe(200);
    expect((await lastLog('delete')).before).toMatchObject({ name: '原页面 副本' });

    // The builder's phone: the records of a draft not saved anywhere.
    const resolved = bodyOf<Record<string, { goods?: { id: number }[] }>>(
      await post(DecoratePagePaths.resolve, { document: goodPage(goodsId) }),
    );
    expect(resolved.data['goods-1']!.goods!.map((g) => g.id)).toEqual([goodsId]);

    // The lock: released, so another editor takes it without 接管.
    expect(bodyOf(await post(DecoratePagePaths.lock, { id })).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.lock, { id }, editor)).state).toBe(255);
    expect(bodyOf(await post(DecoratePagePaths.unlock, { id })).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.lock, { id }, editor)).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.unlock, { id }, editor)).state).toBe(200);
  });

  it('tells whoever disables a video which live pages show it, and the app gets the block without it', async () => {
    const video = {
      title: '居家测血压',
      category: 'chronic',
      cover: 'https://img.example.com/cover.png',
      url: 'https://video.example.com/bp.mp4',
      durationS: 120,
      description: '',
      sort: 1,
      enabled: true,
    };
    const added = bodyOf<{ id: number }>(await post(VideoPaths.add, video));
    expect(added.state).toBe(200);
    const videoId = added.data.id;
    const block = newBlock('video', 'video-1');
    block.props.videoId = videoId;
    const doc = emptyDocument('视频专题');
    doc.content = [block];
    const id = await addPage('视频专题', 'topic');
    expect((await saveDraft(id, 1, doc)).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 2 })).state).toBe(200);
    const read = async () =>
      bodyOf<PublicPage>(await call(t, 'GET', DecoratePublicPaths.topic, { query: { id } })).data
        .records['video-1']!.video;
    expect((await read())?.id).toBe(videoId);

    const disabled = bodyOf(
      await post(VideoPaths.update, { id: videoId, ...video, enabled: false }),
    );
    expect(disabled.state).toBe(200);
    expect(disabled.msg).toBe(LinkMessages.stillLinked('专题“视频专题”'));
    // At once: a video's change clears the app's cached pages.
    expect(await read()).toBeNull();
  });

  it('refuses to publish a link to a deleted goods item, an unpublished topic, a disabled video or an empty required field', async () => {
    const deletedGoods = await addGoods();
    await t.db
      .updateTable('mall_goods')
      .set({ deleted_at: t.clock.now, on_shelf: 0 })
      .where('id', '=', deletedGoods)
      .execute();
    const draftTopic = await addPage('未发布的专题', 'topic');
    const { id: videoId } = await t.db
      .insertInto('decorate_videos')
      .values({
        title: '停用的视频',
        category: 'chronic',
        cover: 'https://img.example.com/c.png',
        url: 'https://video.example.com/v.mp4',
        enabled: 0,
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const goodsLink = newBlock('title', 'to-goods');
    goodsLink.props.text = '商品';
    goodsLink.props.link = { navType: 'jjk_mall_goods', subContent: String(deletedGoods) };
    const topicLink = newBlock('title', 'to-topic');
    topicLink.props.text = '专题';
    topicLink.props.link = { navType: 'jjkzty', subContent: String(draftTopic) };
    const video = newBlock('video', 'a-video');
    video.props.videoId = Number(videoId);
    const notice = newBlock('notice', 'empty-notice'); // its text is required
    const doc = emptyDocument('链接检查');
    doc.content = [goodsLink, topicLink, video, notice];
    const id = await addPage('链接检查');
    expect((await saveDraft(id, 1, doc)).state).toBe(200);
    const refused = bodyOf<{ errors: { id: string | null; msg: string }[] }>(
      await post(DecoratePagePaths.publish, { id, revision: 2 }),
    );
    expect(refused.state).toBe(255);
    const byBlock = Object.fromEntries(refused.data.errors.map((e) => [e.id, e.msg]));
    expect(byBlock['to-goods']).toMatch(/商品.*(删除|不存在)/);
    expect(byBlock['to-topic']).toMatch(/专题.*未发布/);
    expect(byBlock['a-video']).toMatch(/视频.*停用/);
    expect(byBlock['empty-notice']).toMatch(/公告/);
    expect((await detail(id)).publishedVersion).toBeNull();
  });

  it('hides sold-out goods from the app when 商品设置 says so, and marks them sold out otherwise', async () => {
    const soldOut = await addGoods();
    await t.db.updateTable('mall_goods').set({ stock: 0 }).where('id', '=', soldOut).execute();
    const inStock = await addGoods();
    const id = await addPage('售罄', 'topic');
    expect((await saveDraft(id, 1, goodPage(inStock, '售罄'))).state).toBe(200);
    const doc = (await detail(id)).document;
    const list = doc.content.find((b) => b.props.id === 'goods-1')!;
    (list.props as { goodsIds: number[] }).goodsIds = [soldOut, inStock];
    expect((await saveDraft(id, 2, doc)).state).toBe(200);
    expect(bodyOf(await post(DecoratePagePaths.publish, { id, revision: 3 })).state).toBe(200);
    const shown = async () =>
      bodyOf<PublicPage>(
        await call(t, 'GET', DecoratePublicPaths.topic, { query: { id } }),
      ).data.records['goods-1']!.goods!.map((g) => [g.id, g.soldOut]);
    const saveGoodsSet = async (showSoldOut: boolean) =>
      expect(
        bodyOf(
          await post(SettingsPaths.update, {
            section: 'goods_set',
            value: { ...DEFAULT_GOODS_SET, showSoldOut },
          }),
        ).state,
      ).toBe(200);
    await saveGoodsSet(true);
    t.clock.advance(10_000);
    expect(await shown()).toEqual([
      [soldOut, true],
      [inStock, false],
    ]);
    await saveGoodsSet(false);
    t.clock.advance(10_000);
    expect(await shown()).toEqual([[inStock, false]]);
    await saveGoodsSet(DEFAULT_GOODS_SET.showSoldOut);
  });

  it('keeps any document the builder can make exactly as it was through a save and a load', async () => {
    const id = await addPage('往返');
    let revision = 1;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        type: fc.constantFrom(...COMPONENT_TYPES),
        at: fc.integer({ min: -2, max: 30 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat({ max: 30 }) }),
      fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('text' as const),
        pick: fc.nat(),
        text: fc.string({ maxLength: 20 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        let doc = emptyDocument('往返');
        for (const o of ops) {
          const target = doc.content[('pick' in o ? o.pick : 0) % Math.max(doc.content.length, 1)];
          const pick = target?.props.id ?? 'none';
          if (o.kind === 'insert') doc = insertBlock(doc, o.type, o.at);
          else if (o.kind === 'remove') doc = removeBlock(doc, pick);
          else if (o.kind === 'move') doc = moveBlock(doc, pick, o.to);
          else if (o.kind === 'duplicate') doc = duplicateBlock(doc, pick);
          else if (target && 'text' in target.props) doc = updateBlock(doc, pick, { text: o.text });
        }
        const saved = await saveDraft(id, revision, doc);
        expect(saved.state).toBe(200);
        revision = saved.data.revision;
        expect((await detail(id)).document).toEqual(doc);
      }),
      { numRuns: 25 },
    );
  });

  it('takes a revision and a publish time only as strict integers', async () => {
    const id = await addPage('严格整数');
    for (const revision of ['0x1', '1e0', true, [1], 1.5, 0])
      expect(
        bodyOf(
          await post(DecoratePagePaths.saveDraft, { id, revision, document: emptyDocument('x') }),
        ),
      ).toMatchObject({
        state: 255,
        msg: DecoratePageMessages.revisionRequired,
      });
    for (const at of ['1e13', '0x1f', true, 1.5])
      expect(bodyOf(await post(DecoratePagePaths.schedule, { id, revision: 1, at })).msg).toBe(
        '请选择发布时间',
      );
    expect((await detail(id)).revision).toBe(1);
  });
});

describe.each(databaseKinds)("装修's public pages rate limit on %s", (kind) => {
  it('answers the 429 envelope past the per-IP limit, like the other public endpoints', async () => {
    const t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 2; i++)
        expect(
          (await call(t, 'GET', DecoratePublicPaths.home, { ip: '10.8.0.1' })).statusCode,
        ).toBe(200);
      const limited = await call(t, 'GET', DecoratePublicPaths.home, { ip: '10.8.0.1' });
      expect(limited.statusCode).toBe(429);
      expect(bodyOf(limited)).toEqual({ state: 429, msg: '请求过于频繁，请稍后再试', data: null });
      expect((await call(t, 'GET', DecoratePublicPaths.home, { ip: '10.8.0.2' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});
