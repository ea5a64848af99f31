import {
  ADVERT_POSITION_KEYS,
  AdvertMessages,
  AdvertPaths,
  GoodsPaths,
  LinkMessages,
  LinkTargetMessages,
  LinkTargetPaths,
  Messages,
  PackageTypePaths,
  type Advert,
  type Envelope,
  type GoodsSaved,
  type LinkTargetOption,
  type Page,
  type PublicAdvert,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/platform/clock.js';
import {
  SESSION_INVALID,
  bodyOf,
  call,
  createGroup,
  createOperator,
  login,
  loginAdmin,
  loginViewerAndOutsider,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';

const PAGE = '/decorate_m/adv';
const HOME_PAGES = '/decorate_m/lists';
const IMAGE = '/uploads/images/banner.png';
const NO_PAGE = { state: 267, msg: Messages.noPermission, data: null };

describe.each(databaseKinds)('装修 ad slots and link targets on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds the ad-slot page without its actions. */
  let viewer: string;
  /** Holds only the home overview. */
  let outsider: string;
  /** Holds only 首页装修 (another page that edits links). */
  let builder: string;
  /** Goods: on shelf, off shelf. */
  let onShelf: number;
  let offShelf: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, [PAGE]));
    const builders = await createGroup(t, '首页装修组', [HOME_PAGES]);
    await createOperator(t, { username: 'builder', password: 'Build@123', groupId: builders });
    builder = (await login(t, 'builder', 'Build@123')).access_token;

    const type = bodyOf<{ id: number }>(
      await post(PackageTypePaths.add, { name: '健康器械', kind: 'goods' }),
    ).data.id;
    const goods = async (name: string, shelf: boolean) => {
      const body = bodyOf<GoodsSaved>(
        await post(GoodsPaths.add, {
          name,
          images: ['/uploads/images/g.png'],
          pointsPrice: 100,
          stock: 10,
          packageTypeId: type,
          onShelf: shelf,
        }),
      );
      expect(body.state, body.msg).toBe(200);
      return body.data.id;
    };
    onShelf = await goods('电子血压计 U10', true);
    offShelf = await goods('血氧仪 YX306', false);
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  /** `token` null: without a session. */
  const get = (path: string, query: Record<string, unknown> = {}, token: string | null = admin) =>
    call(t, 'GET', path, { token: token ?? undefined, query });
  const errorsOf = (body: Envelope<FieldErrors>) =>
    Object.fromEntries(body.data.errors.map((e) => [e.field, e.msg]));

  /** A valid slot, live now, linking to the goods on shelf. */
  const slot = (extra: Record<string, unknown> = {}) => ({
    title: '家用血压计限时兑换',
    position: 'home_carousel',
    image: IMAGE,
    link: { navType: 'jjk_mall_goods', subContent: String(onShelf) },
    startAt: t.clock.now - DAY_MS,
    endAt: t.clock.now + 10 * DAY_MS,
    sort: 1,
    enabled: true,
    ...extra,
  });
  const add = async (json: Record<string, unknown>) => {
    const body = bodyOf<{ id: number }>(await post(AdvertPaths.add, json));
    expect(body.state, body.msg).toBe(200);
    return body.data.id;
  };
  const list = async (query: Record<string, unknown> = {}) =>
    bodyOf<Page<Advert>>(await get(AdvertPaths.list, { pageSize: 100, ...query })).data;
  const publicList = async (position: string) =>
    bodyOf<{ list: PublicAdvert[] }>(await get(AdvertPaths.publicList, { position }, null));

  it('adds, lists, updates and deletes a slot, each change audited with before and after', async () => {
    const id = await add(slot({ title: ' 家用血压计限时兑换 ' }));
    const [row] = (await list({ title: '血压计' })).list;
    expect(row).toMatchObject({
      id,
      title: '家用血压计限时兑换',
      position: 'home_carousel',
      image: IMAGE,
      navType: 'jjk_mall_goods',
      subContent: String(onShelf),
      sort: 1,
      enabled: true,
      state: 'live',
      linkLabel: '电子血压计 U10',
      linkProblem: null,
    });

    const startAt = t.clock.now + 2 * DAY_MS;
    const updated = bodyOf(
      await post(AdvertPaths.update, {
        id,
        ...slot({
          title: '血压计预告',
          position: 'mall_carousel',
          link: { navType: 'ljdz', subContent: 'https://www.example.com/a?b=1' },
          startAt,
          endAt: startAt + DAY_MS,
          sort: '5',
        }),
      }),
    );
    expect(updated).toMatchObject({ state: 200, data: { id } });
    const [changed] = (await list({ position: 'mall_carousel', title: '预告' })).list;
    expect(changed).toMatchObject({
      state: 'scheduled',
      navType: 'ljdz',
      subContent: 'https://www.example.com/a?b=1',
      linkLabel: 'https://www.example.com/a?b=1',
      linkProblem: null,
      sort: 5,
      startAt,
    });
    expect((await list({ state: 'scheduled', title: '预告' })).list.map((a) => a.id)).toEqual([id]);
    expect((await list({ state: 'live', title: '预告' })).list).toEqual([]);

    const deleted = bodyOf(await post(AdvertPaths.delete, { ids: [id] }));
    expect(deleted).toMatchObject({ state: 200, data: { deleted: 1 } });
    expect((await list({ title: '预告' })).list).toEqual([]);
    expect(bodyOf(await post(AdvertPaths.delete, { ids: [id] }))).toMatchObject({
      state: 255,
      msg: AdvertMessages.notFound,
    });
    const missing = bodyOf(await post(AdvertPaths.update, { id, ...slot() }));
    expect(missing).toMatchObject({ state: 255, msg: AdvertMessages.notFound });

    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action', 'target', 'before_json', 'after_json'])
      .where('module', '=', 'decorate')
      .where('target', 'like', '%血压计%')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.action, l.target])).toEqual([
      ['add', '首页轮播 家用血压计限时兑换'],
      ['edit', '首页轮播 家用血压计限时兑换'],
      ['delete', '商城轮播 血压计预告'],
    ]);
    expect(JSON.parse(logs[1]!.before_json!)).toMatchObject({
      title: '家用血压计限时兑换',
      position: 'home_carousel',
      navType: 'jjk_mall_goods',
      subContent: String(onShelf),
    });
    expect(JSON.parse(logs[1]!.after_json!)).toMatchObject({
      title: '血压计预告',
      position: 'mall_carousel',
      navType: 'ljdz',
      startAt,
      sort: 5,
    });
  });

  it('refuses invalid slots with their Chinese messages on their fields', async () => {
    const refused = async (json: unknown) => {
      const body = bodyOf<FieldErrors>(await post(AdvertPaths.add, json));
      expect(body.state).toBe(255);
      return errorsOf(body);
    };
    expect(await refused(slot({ title: '  ' }))).toEqual({ title: AdvertMessages.titleRequired });
    expect(await refused(slot({ title: '广'.repeat(31) }))).toEqual({
      title: '广告标题最多30个字符',
    });
    expect(await refused(slot({ position: 'sidebar' }))).toEqual({
      position: AdvertMessages.positionRequired,
    });
    // One message for an empty image (not also "must be an upload or https").
    expect(await refused(slot({ image: '' }))).toEqual({ image: '请上传广告图片' });
    expect(await refused(slot({ image: 'http://cdn.example.com/a.png' }))).toEqual({
      image: '广告图片必须是上传的图片或 https 地址',
    });
    // Web links: https only, never a script or plain http.
    for (const url of ['javascript:alert(1)', 'http://www.example.com', 'https://']) {
      expect(await refused(slot({ link: { navType: 'ljdz', subContent: url } }))).toEqual({
        'link.subContent': LinkMessages.urlHttps,
      });
    }
    expect(await refused(slot({ link: { navType: 'ljdz', subContent: '' } }))).toEqual({
      'link.subContent': LinkMessages.urlRequired,
    });
    expect(await refused(slot({ link: { navType: 'jjk_mall_goods', subContent: '' } }))).toEqual({
      'link.subContent': LinkMessages.targetRequired('商品'),
    });
    expect(await refused(slot({ link: { navType: 'sign_in', subContent: '3' } }))).toEqual({
      'link.subContent': LinkMessages.targetNotExpected('每日签到'),
    });
    expect(await refused(slot({ link: { navType: 'javascript', subContent: '' } }))).toEqual({
      'link.navType': LinkMessages.typeInvalid,
    });
    // The window: an end not after its start.
    const now = t.clock.now;
    expect(await refused(slot({ startAt: now, endAt: now }))).toEqual({
      endAt: AdvertMessages.endBeforeStart,
    });
    expect(await refused(slot({ startAt: now, endAt: now - DAY_MS }))).toEqual({
      endAt: AdvertMessages.endBeforeStart,
    });
    expect(await refused(slot({ startAt: '', endAt: undefined }))).toEqual({
      startAt: AdvertMessages.startRequired,
      endAt: AdvertMessages.endRequired,
    });
    expect(await refused(slot({ sort: 10_000 }))).toEqual({ sort: '排序应在0到9999之间' });
    expect(await refused(slot({ sort: true }))).toEqual({ sort: '排序必须是数字' });
  });

  it('refuses a link to a record that is gone or not shown, with its reason on subContent', async () => {
    const refusal = async (navType: string, subContent: string | number) =>
      bodyOf<FieldErrors>(
        await post(AdvertPaths.add, slot({ link: { navType, subContent: String(subContent) } })),
      );
    const offShelfBody = await refusal('jjk_mall_goods', offShelf);
    expect(offShelfBody).toMatchObject({ state: 255, msg: LinkTargetMessages.goodsOffShelf });
    expect(offShelfBody.data.errors).toEqual([
      { field: 'link.subContent', msg: LinkTargetMessages.goodsOffShelf },
    ]);
    expect((await refusal('jjk_mall_goods', 99_999)).msg).toBe(LinkTargetMessages.goodsMissing);

    // The other kinds: a disabled service category, an unpublished topic, a disabled video, a
    // notice not sent.
    const at = t.clock.now;
    const type = await t.db
      .insertInto('mall_package_types')
      .values({ name: '停用分类', kind: 'service', enabled: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await refusal('shhywfllb', type.id)).msg).toBe(LinkTargetMessages.packageTypeDisabled);
    const topic = await t.db
      .insertInto('decorate_pages')
      .values({
        kind: 'topic',
        name: '高血压专题',
        draft_json: '{}',
        draft_saved_at: at,
        draft_saved_by: 'admin',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await refusal('jjkzty', topic.id)).msg).toBe(LinkTargetMessages.topicUnpublished);
    expect((await refusal('jjkzty', 88_888)).msg).toBe(LinkTargetMessages.topicMissing);
    const video = await t.db
      .insertInto('decorate_videos')
      .values({
        title: '控压小课堂',
        category: 'hypertension',
        cover: IMAGE,
        url: 'https://www.example.com/v.mp4',
        enabled: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await refusal('video', video.id)).msg).toBe(LinkTargetMessages.videoDisabled);
    const notice = await t.db
      .insertInto('notices')
      .values({
        title: '春节服务安排',
        cover: '',
        content: '<p>通知</p>',
        target_type: 'all',
        target_ids: '[]',
        status: 'draft',
        recipients: 0,
        created_by: 'admin',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await refusal('notice', notice.id)).msg).toBe(LinkTargetMessages.noticeUnsent);

    // Once shown, the same records can be linked to.
    await t.db.updateTable('notices').set({ status: 'sent', sent_at: at }).execute();
    await t.db.updateTable('decorate_pages').set({ published_version: 1 }).execute();
    await t.db.updateTable('decorate_videos').set({ enabled: 1 }).execute();
    await t.db
      .updateTable('mall_package_types')
      .set({ enabled: 1 })
      .where('id', '=', type.id)
      .execute();
    for (const [navType, id] of [
      ['notice', notice.id],
      ['jjkzty', topic.id],
      ['video', video.id],
      ['shhywfllb', type.id],
    ] as const) {
      const body = bodyOf<{ id: number }>(
        await post(AdvertPaths.add, slot({ link: { navType, subContent: String(id) } })),
      );
      expect(body.state, `${navType}: ${body.msg}`).toBe(200);
      expect(bodyOf(await post(AdvertPaths.delete, { ids: [body.data.id] })).state).toBe(200);
    }
  });

  it('marks a saved link whose goods went off shelf, and the app gets the slot without it', async () => {
    await t.db.deleteFrom('decorate_adverts').execute();
    const id = await add(slot({ position: 'splash', title: '血压计开屏' }));
    expect(bodyOf(await post(GoodsPaths.shelf, { id: onShelf, onShelf: false })).state).toBe(200);
    try {
      const [row] = (await list({ position: 'splash' })).list;
      expect(row).toMatchObject({
        id,
        linkLabel: '电子血压计 U10',
        linkProblem: LinkTargetMessages.goodsOffShelf,
      });
      expect((await publicList('splash')).data.list).toEqual([
        expect.objectContaining({ id, navType: 'none', subContent: '' }),
      ]);
      // Editing it keeps the refusal until the link is fixed.
      const edit = bodyOf<FieldErrors>(await post(AdvertPaths.update, { id, ...slot() }));
      expect(edit.data.errors).toEqual([
        { field: 'link.subContent', msg: LinkTargetMessages.goodsOffShelf },
      ]);
    } finally {
      expect(bodyOf(await post(GoodsPaths.shelf, { id: onShelf, onShelf: true })).state).toBe(200);
    }
    expect((await list({ position: 'splash' })).list[0]?.linkProblem).toBeNull();
  });

  it('answers the link picker: search by keyword, saved ids with their state', async () => {
    const search = bodyOf<LinkTargetOption[]>(
      await get(LinkTargetPaths.options, { kind: 'goods', keyword: '血' }),
    );
    expect(search.state).toBe(200);
    expect(search.data).toEqual([
      { id: onShelf, label: '电子血压计 U10', live: true },
      { id: offShelf, label: '血氧仪 YX306', live: false },
    ]);
    const one = bodyOf<LinkTargetOption[]>(
      await get(LinkTargetPaths.options, { kind: 'goods', keyword: '血氧' }),
    );
    expect(one.data.map((o) => o.id)).toEqual([offShelf]);
    // Saved ids, in the order asked, whatever their state; unknown ones are left out.
    const byIds = bodyOf<LinkTargetOption[]>(
      await get(LinkTargetPaths.options, { kind: 'goods', ids: `${offShelf},99999,${onShelf}` }),
    );
    expect(byIds.data).toEqual([
      { id: offShelf, label: '血氧仪 YX306', live: false },
      { id: onShelf, label: '电子血压计 U10', live: true },
    ]);
    // Another 装修 page that edits links reads them too.
    expect(bodyOf(await get(LinkTargetPaths.options, { kind: 'goods' }, builder)).state).toBe(200);

    const badKind = bodyOf<FieldErrors>(await get(LinkTargetPaths.options, { kind: 'url' }));
    expect(errorsOf(badKind)).toEqual({ kind: LinkTargetMessages.kindInvalid });
    const badIds = bodyOf<FieldErrors>(
      await get(LinkTargetPaths.options, { kind: 'goods', ids: '1,abc' }),
    );
    expect(badIds.data.errors[0]?.field).toMatch(/^ids/);
    const tooMany = bodyOf<FieldErrors>(
      await get(LinkTargetPaths.options, {
        kind: 'goods',
        ids: Array.from({ length: 51 }, (_, i) => i + 1).join(','),
      }),
    );
    expect(errorsOf(tooMany)).toEqual({ ids: '一次最多查询50条' });

    expect(bodyOf(await get(LinkTargetPaths.options, { kind: 'goods' }, null))).toEqual(
      SESSION_INVALID,
    );
    expect(bodyOf(await get(LinkTargetPaths.options, { kind: 'goods' }, outsider))).toEqual(
      NO_PAGE,
    );
    expect(bodyOf(await get(LinkTargetPaths.options, { kind: 'goods' }, viewer)).state).toBe(200);
  });

  it('gives the app only the live slots of a position, by sort, without a login', async () => {
    await t.db.deleteFrom('decorate_adverts').execute();
    const now = t.clock.now;
    const live = (title: string, sort: number, extra: Record<string, unknown> = {}) =>
      add(slot({ title, sort, link: { navType: 'mall_home', subContent: '' }, ...extra }));
    const second = await live('第二张', 2);
    const first = await live('第一张', 1);
    await live('已停用', 0, { enabled: false });
    await live('已结束', 0, { startAt: now - 3 * DAY_MS, endAt: now - DAY_MS });
    await live('未开始', 0, { startAt: now + DAY_MS, endAt: now + 3 * DAY_MS });
    await live('别的位置', 0, { position: 'mall_carousel' });

    const answer = await publicList('home_carousel');
    expect(answer.state).toBe(200);
    expect(answer.data.list.map((a) => [a.id, a.title])).toEqual([
      [first, '第一张'],
      [second, '第二张'],
    ]);
    expect(answer.data.list[0]).toEqual({
      id: first,
      title: '第一张',
      image: IMAGE,
      navType: 'mall_home',
      subContent: '',
      startAt: now - DAY_MS,
      endAt: now + 10 * DAY_MS,
      sort: 1,
    });
    const states = Object.fromEntries(
      (await list({ position: 'home_carousel' })).list.map((a) => [a.title, a.state]),
    );
    expect(states).toEqual({
      第一张: 'live',
      第二张: 'live',
      已停用: 'disabled',
      已结束: 'ended',
      未开始: 'scheduled',
    });

    // Time passes: the future one starts, the live ones end.
    t.clock.advance(2 * DAY_MS);
    expect((await publicList('home_carousel')).data.list.map((a) => a.title)).toEqual([
      '未开始',
      '第一张',
      '第二张',
    ]);
    t.clock.advance(10 * DAY_MS);
    expect((await publicList('home_carousel')).data.list).toEqual([]);
    t.clock.advance(-12 * DAY_MS);

    const bad = bodyOf<FieldErrors>(await get(AdvertPaths.publicList, {}, null));
    expect(errorsOf(bad)).toEqual({ position: '广告位置不正确' });
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(bodyOf(await get(AdvertPaths.list, {}, null))).toEqual(SESSION_INVALID);
    expect(bodyOf(await call(t, 'POST', AdvertPaths.add, { json: slot() }))).toEqual(
      SESSION_INVALID,
    );
    expect(bodyOf(await call(t, 'POST', AdvertPaths.update, { json: { id: 1 } }))).toEqual(
      SESSION_INVALID,
    );
    expect(bodyOf(await call(t, 'POST', AdvertPaths.delete, { json: { ids: [1] } }))).toEqual(
      SESSION_INVALID,
    );

    expect(bodyOf(await get(AdvertPaths.list, {}, outsider))).toEqual(NO_PAGE);
    expect(bodyOf(await get(AdvertPaths.list, {}, builder))).toEqual(NO_PAGE);
    // The page without its actions: reading works, changes do not.
    expect(bodyOf(await get(AdvertPaths.list, {}, viewer)).state).toBe(200);
    expect(bodyOf(await post(AdvertPaths.add, slot(), viewer))).toEqual(NO_PAGE);
    expect(bodyOf(await post(AdvertPaths.update, { id: 1, ...slot() }, viewer))).toEqual(NO_PAGE);
    expect(bodyOf(await post(AdvertPaths.delete, { ids: [1] }, viewer))).toEqual(NO_PAGE);
  });

  it('takes only canonical integer ids', async () => {
    const id = await add(slot({ title: '编号检查' }));
    for (const bad of ['abc', true, '1.0', '012', 1.5, -1, 0, [id]]) {
      const body = bodyOf<FieldErrors>(await post(AdvertPaths.update, { ...slot(), id: bad }));
      expect(errorsOf(body), String(bad)).toEqual({ id: '记录编号不正确' });
    }
    expect(bodyOf(await post(AdvertPaths.update, { ...slot(), id: String(id) })).state).toBe(200);
    for (const bad of ['x', '1e3', [true]]) {
      const body = bodyOf<FieldErrors>(await post(AdvertPaths.delete, { ids: bad }));
      expect(body.state, String(bad)).toBe(255);
      expect(body.data.errors[0]?.field).toMatch(/^ids/);
    }
    expect(bodyOf(await post(AdvertPaths.delete, { ids: String(id) })).data).toEqual({
      deleted: 1,
    });
  });

  it('documents its endpoints in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: t.api('/docs/json') })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [...Object.values(AdvertPaths), LinkTargetPaths.options]) {
      expect(Object.keys(spec.paths)).toContain(t.api(path));
    }
  });
});

describe('装修 ad slot demo data', () => {
  let t: TestApp;
  let admin: string;
  setupApp(
    'sqlite',
    async (app) => {
      t = app;
      admin = await loginAdmin(t);
    },
    { demoData: true },
  );

  it('has live, scheduled, ended and disabled slots on every position, their images stored', async () => {
    const { list } = bodyOf<Page<Advert>>(
      await call(t, 'GET', AdvertPaths.list, { token: admin, query: { pageSize: 100 } }),
    ).data;
    expect(new Set(list.map((a) => a.state))).toEqual(
      new Set(['live', 'scheduled', 'ended', 'disabled']),
    );
    expect(new Set(list.filter((a) => a.state === 'live').map((a) => a.position))).toEqual(
      new Set(ADVERT_POSITION_KEYS),
    );
    // Links to goods on shelf, none broken.
    expect(list.some((a) => a.navType === 'jjk_mall_goods' && a.linkLabel !== '')).toBe(true);
    expect(list.filter((a) => a.linkProblem !== null)).toEqual([]);
    for (const advert of list) {
      const image = await t.app.inject({ method: 'GET', url: advert.image });
      expect(image.statusCode, advert.image).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
  });
});
