import {
  Messages,
  OperateLogPaths,
  TimeRangeMessages,
  type OperateLogItem,
  type OperateLogOptions,
  type Page,
} from '@health/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { NewOperationLog } from '../src/db/schema.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bearer,
  bodyOf,
  call,
  createGroup,
  createOperator,
  setupApp,
  login,
  type TestApp,
  loginAdmin,
  type FieldErrors,
  SESSION_INVALID,
  exportRows,
} from './helpers/app.js';

const MINUTE = 60_000;
const SEEDED = 30;
const OPERATORS = ['zhangsan', 'lisi', 'wang_wu'];

/** Row i of the seeded log: known operator, module, action and result patterns. */
function seeded(i: number, base: number): NewOperationLog {
  return {
    operator_id: null,
    operator_name: OPERATORS[i % 3] ?? '',
    module: i % 2 === 1 ? 'setting' : 'authority',
    action: i % 5 === 0 ? 'delete' : 'edit',
    target: `对象 ${i}`,
    before_json: JSON.stringify({ name: `旧${i}`, nested: { n: i } }),
    after_json: JSON.stringify({ name: `新${i}`, password: '***' }),
    ip: `10.0.0.${i}`,
    result: i % 7 === 0 ? 'failure' : 'success',
    message: `记录 ${i}`,
    request_id: `req-${i}`,
    created_at: base + i * MINUTE,
  };
}

describe.each(databaseKinds)('operation log API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let base: number;
  /** The seeded rows only (the tests' own logins happen now, outside this range). */
  let range: Record<string, string>;

  const list = (query: Record<string, string>, token = admin) =>
    call(t, 'GET', `${OperateLogPaths.list}?${new URLSearchParams({ ...range, ...query })}`, {
      token,
    });
  const listBody = async (query: Record<string, string>) => {
    const body = bodyOf<Page<OperateLogItem>>(await list(query));
    expect(body.state).toBe(200);
    return body.data;
  };

  setupApp(kind, async (app) => {
    t = app;
    base = t.clock.now - 5 * 24 * 60 * MINUTE;
    range = { startTime: String(base), endTime: String(base + (SEEDED - 1) * MINUTE) };
    await t.db
      .insertInto('operation_logs')
      .values(Array.from({ length: SEEDED }, (_, i) => seeded(i, base)))
      .execute();
    admin = await loginAdmin(t);
    const homeOnly = await createGroup(t, '首页组', ['/sysset_home/basic']);
    const readOnly = await createGroup(t, '审计只读', ['/sysset_authority/operate_log']);
    await createOperator(t, { username: 'homeonly', password: 'Ho@12345', groupId: homeOnly });
    await createOperator(t, { username: 'reader', password: 'Rd@12345', groupId: readOnly });
  });

  describe('list', () => {
    it('pages the filtered log newest first by default', async () => {
      const page1 = await listBody({});
      expect(page1.pagination).toEqual({ current: 1, pageSize: 20, total: SEEDED });
      expect(page1.list).toHaveLength(20);
      expect(page1.list[0]?.target.zh).toBe(`对象 ${SEEDED - 1}`);
      const times = page1.list.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const page2 = await listBody({ current: '2' });
      expect(page2.list.map((r) => r.target.zh)).toEqual(
        Array.from({ length: 10 }, (_, i) => `对象 ${9 - i}`),
      );
      const page3 = await listBody({ current: '3', pageSize: '15' });
      expect(page3.list).toEqual([]);
      expect(page3.pagination.total).toBe(SEEDED);
    });

    it('sorts by time ascending on request', async () => {
      const page = await listBody({ sortField: 'createdAt', sortOrder: 'ascend', pageSize: '5' });
      expect(page.list.map((r) => r.target.zh)).toEqual([
        '对象 0',
        '对象 1',
        '对象 2',
        '对象 3',
        '对象 4',
      ]);
    });

    it('answers labels in both languages and a readable before/after (secrets stay hidden)', async () => {
      const page = await listBody({ pageSize: '1', sortOrder: 'ascend', sortField: 'createdAt' });
      expect(page.list[0]).toMatchObject({
        operatorName: 'zhangsan',
        module: 'authority',
        moduleLabel: { zh: '权限管理', en: 'Permissions' },
        action: 'delete',
        actionLabel: { zh: '删除', en: 'Delete' },
        target: { zh: '对象 0', en: '对象 0' },
        ip: '10.0.0.0',
        result: 'failure',
        message: { zh: '记录 0', en: '记录 0' },
        requestId: 'req-0',
      });
      expect(page.list[0]?.changes).toEqual([
        {
          field: 'name',
          label: { zh: '名称', en: 'Name' },
          before: { zh: '旧0', en: '旧0' },
          after: { zh: '新0', en: '新0' },
          changed: true,
        },
        {
          field: 'nested.n',
          label: { zh: 'nested · n', en: 'nested · n' },
          before: { zh: '0', en: '0' },
          after: null,
          changed: true,
        },
        {
          field: 'password',
          label: { zh: '密码', en: 'Password' },
          before: null,
          after: { zh: '已隐藏', en: 'hidden' },
          changed: true,
        },
      ]);
    });

    it('filters by operator name (contains, any case, wildcards literal)', async () => {
      const zhang = await listBody({ operatorName: 'ZHANG' });
      expect(zhang.pagination.total).toBe(10);
      expect(new Set(zhang.list.map((r) => r.operatorName))).toEqual(new Set(['zhangsan']));
      expect((await listBody({ operatorName: 'g_w' })).pagination.total).toBe(10);
      expect((await listBody({ operatorName: '%' })).pagination.total).toBe(0);
      expect((await listBody({ operatorName: '' })).pagination.total).toBe(SEEDED);
    });

    it('filters by module, action, result and time range', async () => {
      const setting = await listBody({ module: 'setting', pageSize: '100' });
      expect(setting.pagination.total).toBe(15);
      expect(setting.list.every((r) => r.module === 'setting')).toBe(true);

      const deletes = await listBody({ action: 'delete' });
      expect(deletes.list.map((r) => r.target.zh)).toEqual(
        ['25', '20', '15', '10', '5', '0'].map((i) => `对象 ${i}`),
      );
      const failures = await listBody({ result: 'failure' });
      expect(failures.list.map((r) => r.target.zh)).toEqual(
        ['28', '21', '14', '7', '0'].map((i) => `对象 ${i}`),
      );
      const window = await listBody({
        startTime: String(base + 10 * MINUTE),
        endTime: String(base + 12 * MINUTE),
      });
      expect(window.list.map((r) => r.target.zh)).toEqual(['对象 12', '对象 11', '对象 10']);

      const combined = await listBody({ module: 'authority', action: 'delete', result: 'failure' });
      expect(combined.list.map((r) => r.target.zh)).toEqual(['对象 0']);
    });

    it('refuses bad queries with field errors', async () => {
      const cases: [Record<string, string>, string, string?][] = [
        [{ pageSize: '101' }, 'pageSize', '每页条数最多为100'],
        [
          { startTime: String(base + 5), endTime: String(base) },
          'endTime',
          TimeRangeMessages.endBeforeStart,
        ],
        [{ sortField: 'ip' }, 'sortField', '不支持按该字段排序'],
        [{ sortOrder: 'up' }, 'sortOrder'],
        [{ result: 'maybe' }, 'result'],
        [{ startTime: 'yesterday' }, 'startTime'],
      ];
      for (const [query, field, msg] of cases) {
        const response = await list(query);
        expect(response.statusCode).toBe(400);
        const body = bodyOf<FieldErrors>(response);
        expect(body.state).toBe(255);
        const error = body.data.errors.find((e) => e.field === field);
        expect(error, `${JSON.stringify(query)} → ${JSON.stringify(body.data)}`).toBeDefined();
        if (msg) expect(error?.msg).toBe(msg);
      }
    });
  });

  describe('options', () => {
    it('lists the modules and actions present with Chinese labels', async () => {
      const body = bodyOf<OperateLogOptions>(
        await call(t, 'GET', OperateLogPaths.options, { token: admin }),
      );
      expect(body.state).toBe(200);
      expect(body.data.modules).toEqual([
        { value: 'auth', label: { zh: '登录认证', en: 'Sign-in' } },
        { value: 'authority', label: { zh: '权限管理', en: 'Permissions' } },
        { value: 'setting', label: { zh: '站点与运营配置', en: 'Site and operations settings' } },
      ]);
      expect(body.data.actions).toEqual(
        expect.arrayContaining([
          { value: 'delete', label: { zh: '删除', en: 'Delete' } },
          { value: 'edit', label: { zh: '编辑', en: 'Edit' } },
          { value: 'login', label: { zh: '登录', en: 'Sign in' } },
        ]),
      );
    });
  });

  describe('export', () => {
    it('streams an xlsx of exactly the filtered rows and audits who exported what', async () => {
      const query = new URLSearchParams({
        ...range,
        module: 'setting',
        sortField: 'createdAt',
        sortOrder: 'ascend',
      });
      const response = await t.app.inject({
        method: 'GET',
        url: t.api(`${OperateLogPaths.export}?${query}`),
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename=".+\.xlsx"; filename\*=UTF-8''/);
      expect(disposition).toContain(encodeURIComponent('操作日志'));

      const rows = await exportRows(response, '操作日志');
      expect(rows[0]).toEqual([
        '时间',
        '操作员',
        '模块',
        '操作',
        '对象',
        'IP',
        '结果',
        '说明',
        '请求编号',
        '修改前',
        '修改后',
      ]);
      const data = rows.slice(1);
      expect(data).toHaveLength(15);
      expect(data.map((r) => r[4])).toEqual(
        Array.from({ length: 15 }, (_, k) => `对象 ${2 * k + 1}`),
      );
      expect(data.every((r) => r[2] === '站点与运营配置')).toBe(true);
      expect(data[0]?.[6]).toBe('成功');
      // The changed fields, one "字段：值" a line, by their labels; the secret hidden.
      expect(data[0]?.[9]).toBe('名称：旧1\nnested · n：1');
      expect(data[0]?.[10]).toBe('名称：新1\n密码：已隐藏');

      const audit = await t.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('action', '=', 'export')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        operator_name: 'admin',
        module: 'authority',
        result: 'success',
      });
      expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({
        filter: { module: 'setting', startTime: base },
        rows: 15,
      });
    });

    it('streams large exports in batches (more rows than one batch)', async () => {
      const many = 2500;
      const start = base - 10 * 24 * 60 * MINUTE;
      const rows = Array.from({ length: many }, (_, i) => ({
        ...seeded(i, start),
        module: 'bulk',
        created_at: start + i,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await t.db
          .insertInto('operation_logs')
          .values(rows.slice(i, i + 500))
          .execute();
      const response = await call(t, 'GET', `${OperateLogPaths.export}?module=bulk`, {
        token: admin,
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.actualRowCount).toBe(many + 1);
      // Newest first, no row twice.
      const targets = new Set<string>();
      sheet?.eachRow((row, n) => {
        if (n > 1) targets.add(String(row.getCell(5).value));
      });
      expect(targets.size).toBe(many);
    });

    it('answers the JSON envelope when the filter is invalid (nothing streamed)', async () => {
      const response = await call(
        t,
        'GET',
        `${OperateLogPaths.export}?startTime=${base + 10}&endTime=${base}`,
        { token: admin },
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      const body = bodyOf<FieldErrors>(response);
      expect(body.state).toBe(255);
      expect(body.data.errors).toEqual([
        { field: 'endTime', msg: TimeRangeMessages.endBeforeStart },
      ]);
    });
  });

  describe('access', () => {
    it('answers 266 without a session', async () => {
      for (const path of [OperateLogPaths.list, OperateLogPaths.options, OperateLogPaths.export]) {
        const response = await call(t, 'GET', path);
        expect(response.statusCode).toBe(401);
        expect(bodyOf(response)).toEqual(SESSION_INVALID);
      }
    });

    it('answers 267 to an operator whose group lacks the page', async () => {
      const { access_token } = await login(t, 'homeonly', 'Ho@12345');
      for (const path of [OperateLogPaths.list, OperateLogPaths.options, OperateLogPaths.export]) {
        const response = await call(t, 'GET', path, { token: access_token });
        expect(response.statusCode).toBe(403);
        expect(bodyOf(response)).toMatchObject({ state: 267, msg: Messages.noPermission });
      }
    });

    it('lets a group with the page but not the export action read, not export', async () => {
      const { access_token } = await login(t, 'reader', 'Rd@12345');
      expect(bodyOf(await list({}, access_token)).state).toBe(200);
      const response = await call(t, 'GET', OperateLogPaths.export, { token: access_token });
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response).state).toBe(267);
    });
  });
});
