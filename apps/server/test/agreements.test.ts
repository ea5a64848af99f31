import {
  AgreementMessages,
  AgreementPaths,
  Messages,
  type Agreement,
  type AgreementPublic,
  type AgreementSummary,
  type Page,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/platform/rich-text.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  loginViewerAndOutsider,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';

const PAGE = '/sysset_agreement/lists';

describe('rich-text sanitiser', () => {
  it('keeps the allowed markup', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引用</p></blockquote>' +
      '<table><tbody><tr><td colspan="2">单元格</td></tr></tbody></table>' +
      '<img src="https://cdn.example.com/a.png" alt="图"><img src="/uploads/b.png">';
    // Void elements come back self-closed.
    expect(sanitizeRichText(html)).toBe(html.replace(/(<img[^>]*?)>/g, '$1 />'));
  });

  it('drops scripts, styles, frames, handlers and unsafe URLs', () => {
    const dirty =
      '<p onclick="steal()">正文<script>alert(1)</script></p><style>p{color:red}</style>' +
      '<iframe src="https://evil.example.com"></iframe><img src=x onerror="alert(2)">' +
      '<img src="http://insecure.example.com/a.png"><img src="data:image/png;base64,AAAA">' +
      '<a href="javascript:alert(3)">坏链接</a><a href="https://ok.example.com" target="_blank" onmouseover="x()">好链接</a>' +
      '<a href="tel:4008001234">电话</a><p style="position:fixed">样式</p>';
    expect(sanitizeRichText(dirty)).toBe(
      '<p>正文</p>' +
        '<a rel="noopener noreferrer">坏链接</a>' +
        '<a rel="noopener noreferrer" href="https://ok.example.com" target="_blank">好链接</a>' +
        '<a rel="noopener noreferrer" href="tel:4008001234">电话</a><p>样式</p>',
    );
  });
});

describe.each(databaseKinds)('agreements API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let outsider: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ({ viewer: readOnly, outsider } = await loginViewerAndOutsider(t, [PAGE], '协议只读'));
  });

  const add = (form: Record<string, string>, token = admin) =>
    call(t, 'POST', AgreementPaths.add, { token, form });

  it('creates, reads, lists, updates (bumping the version) and deletes, each change logged', async () => {
    const created = bodyOf<{ id: number; version: number }>(
      await add({ code: 'user_agreement', title: '用户服务协议', content: '<p>欢迎使用</p>' }),
    );
    expect(created).toMatchObject({ state: 200, data: { version: 1 } });
    const id = created.data.id;

    const first = bodyOf<Agreement>(
      await call(t, 'GET', `${AgreementPaths.detail}?id=${id}`, { token: admin }),
    );
    expect(first.data).toMatchObject({
      id,
      code: 'user_agreement',
      title: '用户服务协议',
      content: '<p>欢迎使用</p>',
      version: 1,
      updatedBy: 'admin',
    });

    t.clock.advance(1000);
    const saved = await call(t, 'POST', AgreementPaths.update, {
      token: admin,
      json: {
        id,
        code: 'user_agreement',
        title: '用户服务协议（2024版）',
        content: '<p>第二版</p>',
      },
    });
    expect(bodyOf(saved)).toMatchObject({ state: 200, data: { id, version: 2 } });
    // Every save bumps the version, even with the same content.
    const again = await call(t, 'POST', AgreementPaths.update, {
      token: admin,
      json: {
        id,
        code: 'user_agreement',
        title: '用户服务协议（2024版）',
        content: '<p>第二版</p>',
      },
    });
    expect(bodyOf(again).data).toEqual({ id, version: 3 });

    const listed = bodyOf<Page<AgreementSummary>>(
      await call(t, 'GET', `${AgreementPaths.list}?keyword=2024`, { token: admin }),
    );
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.list[0]).toMatchObject({ id, version: 3, updatedAt: t.clock.now });
    expect(listed.data.list[0]).not.toHaveProperty('content');

    const deleted = await call(t, 'POST', AgreementPaths.delete, {
      token: admin,
      form: { ids: String(id) },
    });
    expect(bodyOf(deleted).data).toEqual({ deleted: 1 });

    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action', 'before_json', 'after_json'])
      .where('module', '=', 'agreement')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit', 'edit', 'delete']);
    expect(JSON.parse(logs[1]?.before_json ?? '{}')).toMatchObject({
      version: 1,
      content: '<p>欢迎使用</p>',
    });
    expect(JSON.parse(logs[1]?.after_json ?? '{}')).toMatchObject({
      version: 2,
      content: '<p>第二版</p>',
    });
    expect(JSON.parse(logs[3]?.before_json ?? '{}')).toMatchObject({ code: 'user_agreement' });
  });

  it('sanitises the content on save', async () => {
    const { id } = bodyOf<{ id: number }>(
      await add({
        code: 'privacy_policy',
        title: '隐私政策',
        content:
          '<p>我们重视您的隐私<script>alert(1)</script></p><img src=x onerror="alert(2)">' +
          '<a href="javascript:alert(3)">点击</a>',
      }),
    ).data;
    const stored = bodyOf<Agreement>(
      await call(t, 'GET', `${AgreementPaths.detail}?id=${id}`, { token: admin }),
    ).data.content;
    expect(stored).toBe('<p>我们重视您的隐私</p><a rel="noopener noreferrer">点击</a>');
    expect(stored).not.toMatch(/script|onerror|javascript:/i);

    const onlyScript = bodyOf<FieldErrors>(
      await call(t, 'POST', AgreementPaths.update, {
        token: admin,
        json: { id, code: 'privacy_policy', title: '隐私政策', content: '<script>x()</script>' },
      }),
    );
    expect(onlyScript.data.errors).toEqual([
      { field: 'content', msg: AgreementMessages.contentRequired },
    ]);
  });

  it('refuses invalid agreements with field errors', async () => {
    const many = bodyOf<FieldErrors>(await add({ code: 'Bad-Code', title: ' ', content: '' }));
    expect(many.state).toBe(255);
    expect(many.data.errors.map((e) => e.field).sort()).toEqual(['code', 'content', 'title']);
    expect(many.data.errors).toContainEqual({ field: 'code', msg: AgreementMessages.codeFormat });

    expect(
      bodyOf(await add({ code: 'points_rules', title: '积分规则', content: '<p>规则</p>' })).state,
    ).toBe(200);
    const duplicate = bodyOf<FieldErrors>(
      await add({ code: 'points_rules', title: '积分规则', content: '<p>规则</p>' }),
    );
    expect(duplicate.data.errors).toEqual([{ field: 'code', msg: AgreementMessages.codeTaken }]);
  });

  it('answers the public info without a token, and a clear message for an unknown code', async () => {
    await add({
      code: 'device_lending',
      title: '设备借用协议',
      content: '<h3>借用期限</h3><p>30天</p>',
    });
    const response = await call(t, 'GET', `${AgreementPaths.info}?code=device_lending`);
    expect(response.statusCode).toBe(200);
    const body = bodyOf<AgreementPublic>(response);
    expect(body.data).toEqual({
      code: 'device_lending',
      title: '设备借用协议',
      content: '<h3>借用期限</h3><p>30天</p>',
      version: 1,
      updatedAt: t.clock.now,
    });

    const unknown = await call(t, 'GET', `${AgreementPaths.info}?code=nope`);
    expect(unknown.statusCode).toBe(404);
    expect(bodyOf(unknown)).toEqual({
      state: 255,
      msg: AgreementMessages.publicNotFound,
      data: null,
    });
    const noCode = bodyOf<FieldErrors>(await call(t, 'GET', AgreementPaths.info));
    expect(noCode.data.errors[0]?.field).toBe('code');
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(bodyOf(await call(t, 'GET', AgreementPaths.list))).toEqual({
      state: 266,
      msg: Messages.sessionInvalid,
      data: null,
    });
    const noPage = { state: 267, msg: Messages.noPermission, data: null };
    expect(bodyOf(await call(t, 'GET', AgreementPaths.list, { token: outsider }))).toEqual(noPage);
    expect(
      bodyOf(await call(t, 'GET', `${AgreementPaths.detail}?id=1`, { token: outsider })),
    ).toEqual(noPage);
    expect(bodyOf(await call(t, 'GET', AgreementPaths.list, { token: readOnly })).state).toBe(200);

    const form = { code: 'ro_agreement', title: '只读', content: '<p>x</p>' };
    expect(bodyOf(await add(form, readOnly))).toEqual(noPage);
    expect(
      bodyOf(
        await call(t, 'POST', AgreementPaths.update, {
          token: readOnly,
          form: { ...form, id: '1' },
        }),
      ),
    ).toEqual(noPage);
    expect(
      bodyOf(await call(t, 'POST', AgreementPaths.delete, { token: readOnly, form: { ids: '1' } })),
    ).toEqual(noPage);
  });
});

describe.each(databaseKinds)('content demo data on %s', (kind) => {
  let t: TestApp;
  setupApp(
    kind,
    async (app) => {
      t = app;
    },
    { demoData: true },
  );

  it('holds the four agreements, SMS templates with an outbox and search words', async () => {
    for (const code of ['user_agreement', 'privacy_policy', 'device_lending', 'points_rules']) {
      const body = bodyOf<AgreementPublic>(
        await call(t, 'GET', `${AgreementPaths.info}?code=${code}`),
      );
      expect(body.state).toBe(200);
      expect(body.data.content.length).toBeGreaterThan(200);
    }
    const count = async (table: 'sms_templates' | 'sms_outbox' | 'search_words') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('sms_templates')).toBeGreaterThanOrEqual(3);
    expect(await count('sms_outbox')).toBeGreaterThan(10);
    expect(await count('search_words')).toBeGreaterThan(10);
    // Every demo outbox text has its placeholders filled in.
    const texts = await t.db.selectFrom('sms_outbox').select('content').execute();
    expect(texts.every((r) => !r.content.includes('${'))).toBe(true);
  });
});
