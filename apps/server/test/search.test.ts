import {
  Messages,
  SearchMessages,
  SearchPaths,
  type Page,
  type SearchSuggestResult,
  type SearchWord,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
  SESSION_INVALID,
  createViewerAndOutsider,
  loginViewers,
} from './helpers/app.js';
import { DAY_MS } from '../src/platform/clock.js';

const DAY = DAY_MS;
const PAGE = '/sysset_setting/search';

describe.each(databaseKinds)('search config API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let outsider: string;

  setupApp(kind, async (app) => {
    t = app;
    await createViewerAndOutsider(t, [PAGE]);
    await logInAll();
  });

  /** Fresh sessions (access tokens expire when a test moves the clock by days). */
  async function logInAll(): Promise<void> {
    admin = await loginAdmin(t);
    ({ viewer: readOnly, outsider } = await loginViewers(t));
  }

  const save = (form: Record<string, string>, token = admin) =>
    call(t, 'POST', SearchPaths.save, { token, form });
  const list = (query = '', token = admin) =>
    call(t, 'GET', `${SearchPaths.list}${query}`, { token });

  it('creates, reads, lists, updates and deletes words, each change in the operation log', async () => {
    const created = bodyOf<{ id: number }>(
      await save({ keyword: ' 血压计 ', type: 'hot', sort: '3', enabled: '1' }),
    );
    expect(created.state).toBe(200);
    const id = created.data.id;

    const info = bodyOf<SearchWord>(
      await call(t, 'GET', `${SearchPaths.info}?id=${id}`, { token: admin }),
    );
    expect(info.data).toMatchObject({
      id,
      keyword: '血压计',
      type: 'hot',
      sort: 3,
      enabled: true,
      validFrom: null,
      validTo: null,
      effective: true,
    });

    const from = t.clock.now - DAY;
    const to = t.clock.now + DAY;
    const updated = await call(t, 'POST', SearchPaths.update, {
      token: admin,
      json: {
        id,
        keyword: '电子血压计',
        type: 'hot',
        sort: 1,
        enabled: false,
        validFrom: from,
        validTo: to,
      },
    });
    expect(bodyOf(updated)).toMatchObject({ state: 200, data: { id } });

    const page = bodyOf<Page<SearchWord>>(await list('?keyword=电子&type=hot'));
    expect(page.data.pagination).toEqual({ current: 1, pageSize: 20, total: 1 });
    expect(page.data.list[0]).toMatchObject({
      keyword: '电子血压计',
      enabled: false,
      validFrom: from,
      validTo: to,
      effective: false,
    });
    expect(bodyOf<Page<SearchWord>>(await list('?enabled=1&keyword=电子')).data.list).toEqual([]);

    const deleted = await call(t, 'POST', SearchPaths.delete, {
      token: admin,
      form: { ids: String(id) },
    });
    expect(bodyOf(deleted)).toMatchObject({ state: 200, data: { deleted: 1 } });
    const gone = bodyOf(await call(t, 'GET', `${SearchPaths.info}?id=${id}`, { token: admin }));
    expect(gone).toEqual({ state: 255, msg: SearchMessages.notFound, data: null });

    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action', 'target', 'before_json', 'after_json', 'operator_name'])
      .where('module', '=', 'search')
      .where('target', 'like', '%血压计%')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit', 'delete']);
    expect(logs.every((l) => l.operator_name === 'admin')).toBe(true);
    expect(JSON.parse(logs[1]?.before_json ?? '{}')).toMatchObject({ keyword: '血压计', sort: 3 });
    expect(JSON.parse(logs[1]?.after_json ?? '{}')).toMatchObject({
      keyword: '电子血压计',
      enabled: false,
    });
    expect(JSON.parse(logs[2]?.before_json ?? '{}')).toMatchObject({ keyword: '电子血压计' });
  });

  it('deletes several words at once (form list or JSON array)', async () => {
    const ids: number[] = [];
    for (const keyword of ['甲', '乙', '丙']) {
      ids.push(bodyOf<{ id: number }>(await save({ keyword, type: 'default' })).data.id);
    }
    const two = await call(t, 'POST', SearchPaths.delete, {
      token: admin,
      form: { ids: `${ids[0]},${ids[1]}` },
    });
    expect(bodyOf(two).data).toEqual({ deleted: 2 });
    const one = await call(t, 'POST', SearchPaths.delete, {
      token: admin,
      json: { ids: [ids[2]] },
    });
    expect(bodyOf(one).data).toEqual({ deleted: 1 });
    const missing = bodyOf(
      await call(t, 'POST', SearchPaths.delete, { token: admin, json: { ids: [ids[2]] } }),
    );
    expect(missing).toMatchObject({ state: 255, msg: SearchMessages.notFound });
    const empty = bodyOf<FieldErrors>(
      await call(t, 'POST', SearchPaths.delete, { token: admin, form: { ids: '' } }),
    );
    expect(empty.state).toBe(255);
    expect(empty.data.errors[0]?.field).toBe('ids');
  });

  it('refuses invalid words with field errors', async () => {
    const blank = bodyOf<FieldErrors>(await save({ keyword: '  ', type: 'hot' }));
    expect(blank).toMatchObject({ state: 255, msg: SearchMessages.keywordRequired });
    expect(blank.data.errors).toContainEqual({
      field: 'keyword',
      msg: SearchMessages.keywordRequired,
    });

    const badType = bodyOf<FieldErrors>(await save({ keyword: '心电贴', type: 'cold' }));
    expect(badType.data.errors[0]?.field).toBe('type');

    const now = String(t.clock.now);
    const window = bodyOf<FieldErrors>(
      await save({ keyword: '心电贴', type: 'hot', validFrom: now, validTo: now }),
    );
    expect(window.data.errors).toEqual([
      { field: 'validTo', msg: SearchMessages.validToBeforeFrom },
    ]);

    expect(bodyOf(await save({ keyword: '心电贴', type: 'hot' })).state).toBe(200);
    const duplicate = bodyOf<FieldErrors>(await save({ keyword: '心电贴', type: 'hot' }));
    expect(duplicate.data.errors).toEqual([{ field: 'keyword', msg: SearchMessages.keywordTaken }]);
    // Unique per type: the same word as a default word is fine.
    expect(bodyOf(await save({ keyword: '心电贴', type: 'default' })).state).toBe(200);

    const pageSize = bodyOf<FieldErrors>(await list('?pageSize=500'));
    expect(pageSize.data.errors[0]?.field).toBe('pageSize');
  });

  it('rebuilds the suggestion list from enabled, currently valid words and answers its size', async () => {
    await t.db.deleteFrom('search_words').execute();
    const now = t.clock.now;
    const words: Record<string, string>[] = [
      { keyword: '血糖试纸', type: 'hot' },
      { keyword: '血糖试纸', type: 'default' }, // same keyword twice: one entry
      {
        keyword: '家庭医生',
        type: 'hot',
        validFrom: String(now - DAY),
        validTo: String(now + DAY),
      },
      { keyword: '停用词', type: 'hot', enabled: '0' },
      {
        keyword: '过期词',
        type: 'hot',
        validFrom: String(now - 2 * DAY),
        validTo: String(now - DAY),
      },
      { keyword: '未开始', type: 'default', validFrom: String(now + DAY) },
      { keyword: '在线问诊', type: 'default', sort: '2' },
    ];
    for (const form of words) expect(bodyOf(await save(form)).state).toBe(200);

    const response = await call(t, 'POST', SearchPaths.asyncSuggest, { token: admin, form: {} });
    const body = bodyOf<SearchSuggestResult>(response);
    expect(body).toEqual({
      state: 200,
      msg: SearchMessages.suggestRebuilt(3),
      data: { count: 3, rebuiltAt: now },
    });
    const stored = await t.db
      .selectFrom('search_suggestions')
      .select(['keyword', 'source_types'])
      .orderBy('weight', 'desc')
      .execute();
    expect(stored).toEqual([
      { keyword: '血糖试纸', source_types: 'default,hot' },
      { keyword: '家庭医生', source_types: 'hot' },
      { keyword: '在线问诊', source_types: 'default' },
    ]);

    // Time passes: the window of 家庭医生 closes and 未开始 opens.
    t.clock.advance(1.5 * DAY);
    await logInAll();
    const later = bodyOf<SearchSuggestResult>(
      await call(t, 'POST', SearchPaths.asyncSuggest, { token: admin }),
    );
    expect(later.data.count).toBe(3);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'after_json'])
      .where('action', '=', 'suggest')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ count: 3 });
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(bodyOf(await list(''))).toMatchObject({ state: 200 });
    const noSession = await call(t, 'GET', SearchPaths.list);
    expect(bodyOf(noSession)).toEqual(SESSION_INVALID);
    expect(bodyOf(await call(t, 'POST', SearchPaths.asyncSuggest, { form: {} })).state).toBe(266);

    const noPage = { state: 267, msg: Messages.noPermission, data: null };
    expect(bodyOf(await list('', outsider))).toEqual(noPage);
    expect(bodyOf(await call(t, 'GET', `${SearchPaths.info}?id=1`, { token: outsider }))).toEqual(
      noPage,
    );

    // The page without its actions: reading works, changes do not.
    expect(bodyOf(await list('', readOnly)).state).toBe(200);
    expect(bodyOf(await save({ keyword: '只读', type: 'hot' }, readOnly))).toEqual(noPage);
    expect(
      bodyOf(
        await call(t, 'POST', SearchPaths.update, {
          token: readOnly,
          form: { id: '1', keyword: 'x', type: 'hot' },
        }),
      ),
    ).toEqual(noPage);
    expect(
      bodyOf(await call(t, 'POST', SearchPaths.delete, { token: readOnly, form: { ids: '1' } })),
    ).toEqual(noPage);
    expect(
      bodyOf(await call(t, 'POST', SearchPaths.asyncSuggest, { token: readOnly, form: {} })),
    ).toEqual(noPage);
  });

  it('documents its endpoints in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: t.api('/docs/json') })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of Object.values(SearchPaths)) {
      expect(Object.keys(spec.paths)).toContain(t.api(path));
    }
  });
});
