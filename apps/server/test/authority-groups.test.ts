import {
  ALL_PAGE_PATHS,
  findPage,
  PAGES,
  ApiPaths,
  Messages,
  type GroupDetail,
  type GroupListItem,
  type GroupOption,
  type Page,
  type ResourcesResponse,
  GroupMessages,
  GroupPaths,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
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
} from './helpers/app.js';

const GROUP_PAGE = '/sysset_authority/authority_group';

describe.each(databaseKinds)('authority groups API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Reads groups but may not add / edit / delete them. */
  let reader: string;
  /** Holds no authority page at all. */
  let outsider: string;
  let superGroupId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const readers = await createGroup(t, '只读组', ['/sysset_home/basic', GROUP_PAGE]);
    await createOperator(t, { username: 'reader', password: 'Read@123', groupId: readers });
    reader = (await login(t, 'reader', 'Read@123')).access_token;
    const others = await createGroup(t, '无关组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    const superGroup = await t.db
      .selectFrom('permission_groups')
      .select('id')
      .where('builtin', '=', 1)
      .executeTakeFirstOrThrow();
    superGroupId = superGroup.id;
  });

  const list = async (token: string, query = '') =>
    bodyOf<Page<GroupListItem>>(await call(t, 'GET', `${GroupPaths.list}${query}`, { token }));

  const addGroup = (token: string, json: unknown) =>
    call(t, 'POST', GroupPaths.add, { token, json });

  it('lists groups with page and operator counts, the built-in group first', async () => {
    const body = await list(admin, '?pageSize=10');
    expect(body.state).toBe(200);
    expect(body.data.pagination).toEqual({ current: 1, pageSize: 10, total: 3 });
    const [first, ...rest] = body.data.list;
    expect(first).toMatchObject({
      name: '超级管理员',
      builtin: true,
      operatorCount: 1,
      // The pages the group editor offers to pick (hidden pages come with their list page).
      pageCount: ALL_PAGE_PATHS.filter((p) => !findPage(p)?.hidden).length,
    });
    expect(rest.find((g) => g.name === '只读组')).toMatchObject({
      builtin: false,
      operatorCount: 1,
      // The count of the editor's "已选 N 个页面": its hidden edit page is not one of them.
      pageCount: 2,
    });
    const filtered = await list(admin, `?name=${encodeURIComponent('只读')}`);
    expect(filtered.data.list.map((g) => g.name)).toEqual(['只读组']);
    expect((await list(reader)).state).toBe(200);
    const byOperators = await list(admin, '?sortField=operatorCount&sortOrder=ascend');
    expect(byOperators.state).toBe(200);
    expect(byOperators.data.list[0]?.builtin).toBe(true);
    const counts = byOperators.data.list.slice(1).map((g) => g.operatorCount);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    const badSort = bodyOf<FieldErrors>(
      await call(t, 'GET', `${GroupPaths.list}?sortField=password`, { token: admin }),
    );
    expect(badSort.data.errors[0]?.field).toBe('sortField');
  });

  it('adds a group (JSON or form), stores hidden pages through their list page, and audits it', async () => {
    const response = await addGroup(admin, {
      name: '  医生组 ',
      description: '判读测量数据',
      resources: [
        '/sysset_home/basic',
        '/sysset_authority/authority_member',
        '/sysset_authority/authority_member:reveal',
        // An action without its page is dropped, a hidden page alone too.
        '/member_manage/lists:export',
        '/sysset_agreement/lists_edit',
      ],
    });
    const body = bodyOf<{ id: number }>(response);
    expect(body).toMatchObject({ state: 200, msg: '权限组已新增' });
    const detail = bodyOf<GroupDetail>(
      await call(t, 'GET', `${GroupPaths.detail}?id=${body.data.id}`, { token: admin }),
    );
    expect(detail.data).toMatchObject({
      name: '医生组',
      description: '判读测量数据',
      pageCount: 2,
    });
    expect(detail.data.resources).toEqual([
      '/sysset_home/basic',
      '/sysset_authority/authority_member',
      '/sysset_authority/authority_member:reveal',
      '/sysset_authority/authority_member_edit',
    ]);

    const form = bodyOf<{ id: number }>(
      await call(t, 'POST', GroupPaths.add, {
        token: admin,
        form: { name: '客服组', resources: '/member_manage/lists,/member_manage/lists:export' },
      }),
    );
    expect(form.state).toBe(200);

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action', 'target', 'operator_name', 'after_json'])
      .where('target', '=', '权限组 医生组')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ module: 'authority', action: 'add', operator_name: 'admin' });
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({
      name: '医生组',
      resources: [
        '/sysset_home/basic',
        '/sysset_authority/authority_member',
        '/sysset_authority/authority_member:reveal',
      ],
    });
  });

  it('refuses invalid groups with field errors', async () => {
    const noName = bodyOf<FieldErrors>(
      await addGroup(admin, { name: ' ', resources: ['/sysset_home/basic'] }),
    );
    expect(noName).toMatchObject({ state: 255, msg: '请输入权限组名称' });
    expect(noName.data.errors).toEqual([{ field: 'name', msg: '请输入权限组名称' }]);

    const taken = bodyOf<FieldErrors>(
      await addGroup(admin, { name: '医生组', resources: ['/sysset_home/basic'] }),
    );
    expect(taken.data.errors).toEqual([{ field: 'name', msg: GroupMessages.groupNameTaken }]);

    const noPage = bodyOf<FieldErrors>(
      await addGroup(admin, { name: '空组', resources: ['/member_manage/lists:export'] }),
    );
    expect(noPage.data.errors).toEqual([{ field: 'resources', msg: GroupMessages.noPageSelected }]);

    const unknown = bodyOf<FieldErrors>(
      await addGroup(admin, { name: '怪组', resources: ['/sysset_home/basic', '/nope/page'] }),
    );
    expect(unknown.data.errors[0]?.field).toBe('resources');
    expect(unknown.msg).toContain('/nope/page');

    const missing = bodyOf<FieldErrors>(
      await call(t, 'GET', `${GroupPaths.detail}?id=abc`, { token: admin }),
    );
    expect(missing.state).toBe(255);
    expect(missing.data.errors[0]?.field).toBe('id');
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(bodyOf(await call(t, 'GET', GroupPaths.list))).toEqual(SESSION_INVALID);
    expect(bodyOf(await call(t, 'POST', GroupPaths.add, { json: {} }))).toEqual(SESSION_INVALID);
    for (const path of [GroupPaths.list, GroupPaths.options]) {
      const response = await call(t, 'GET', path, { token: outsider });
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response)).toMatchObject({ state: 267, msg: Messages.noPermission });
    }
    // The reader holds the page but none of its actions: reads pass, changes are refused.
    expect(bodyOf(await call(t, 'GET', GroupPaths.options, { token: reader })).state).toBe(200);
    for (const path of [GroupPaths.add, GroupPaths.update, GroupPaths.delete]) {
      const body = bodyOf(
        await call(t, 'POST', path, {
          token: reader,
          json: { id: superGroupId, name: 'x', resources: ['/sysset_home/basic'] },
        }),
      );
      expect(body).toMatchObject({ state: 267 });
    }
  });

  it('answers the group options', async () => {
    const body = bodyOf<GroupOption[]>(await call(t, 'GET', GroupPaths.options, { token: admin }));
    expect(body.data[0]).toEqual({
      id: superGroupId,
      name: '超级管理员',
      builtin: true,
      assignable: true, // the caller is a super-admin
      staffRole: 'admin',
    });
    expect(body.data.map((g) => g.name)).toContain('医生组');
    // The 岗位 a new operator of the group is given: from the workbench the group holds.
    await createGroup(t, '判读组', [PAGES.doctorWorkbench]);
    await createGroup(t, '随访组', [PAGES.assistantWorkbench]);
    const again = bodyOf<GroupOption[]>(await call(t, 'GET', GroupPaths.options, { token: admin }));
    const roleOf = (name: string) => again.data.find((g) => g.name === name)?.staffRole;
    expect([roleOf('判读组'), roleOf('随访组'), roleOf('只读组')]).toEqual([
      'doctor',
      'assistant',
      'operator',
    ]);
  });

  it('locks the built-in super-admin group', async () => {
    for (const [path, json] of [
      [GroupPaths.update, { id: superGroupId, name: '改名', resources: ['/sysset_home/basic'] }],
      [GroupPaths.delete, { id: superGroupId }],
    ] as const) {
      const body = bodyOf(await call(t, 'POST', path, { token: admin, json }));
      expect(body).toEqual({ state: 255, msg: GroupMessages.builtinLocked, data: null });
    }
    const detail = bodyOf<GroupDetail>(
      await call(t, 'GET', `${GroupPaths.detail}?id=${superGroupId}`, { token: admin }),
    );
    expect(detail.data).toMatchObject({ name: '超级管理员', builtin: true });
    expect(detail.data.resources).toContain('/sysset_authority/authority_group:delete');
  });

  it('applies a change to the group at its operators next request, resource list and checks alike', async () => {
    const groupId = await createGroup(t, '运营组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'yunying', password: 'Yy@12345', groupId });
    const op = (await login(t, 'yunying', 'Yy@12345')).access_token;
    const resources = async () =>
      bodyOf<ResourcesResponse>(await call(t, 'GET', ApiPaths.resources, { token: op })).data
        .resourceList;
    const canList = async () => bodyOf(await call(t, 'GET', GroupPaths.list, { token: op })).state;

    expect((await resources()).map((s) => s.frontPath)).toEqual(['/sysset_home']);
    expect(await canList()).toBe(267);

    // Same clock instant as the group's creation: the version must still move.
    const grant = bodyOf(
      await call(t, 'POST', GroupPaths.update, {
        token: admin,
        json: {
          id: groupId,
          name: '运营组',
          description: '运营',
          resources: ['/sysset_home/basic', GROUP_PAGE, `${GROUP_PAGE}:edit`],
        },
      }),
    );
    expect(grant).toMatchObject({ state: 200, msg: '权限组已保存' });
    const after = await resources();
    expect(after.map((s) => s.frontPath)).toEqual(['/sysset_home', '/sysset_authority']);
    expect(after[1]?.children).toEqual([
      expect.objectContaining({ frontPath: GROUP_PAGE, actions: ['edit'] }),
      expect.objectContaining({
        frontPath: '/sysset_authority/authority_group_edit',
        hidden: true,
      }),
    ]);
    expect(await canList()).toBe(200);

    // And back: the very next request is refused again.
    const revoke = await call(t, 'POST', GroupPaths.update, {
      token: admin,
      form: { id: String(groupId), name: '运营组', resources: '/sysset_home/basic' },
    });
    expect(bodyOf(revoke).state).toBe(200);
    expect((await resources()).map((s) => s.frontPath)).toEqual(['/sysset_home']);
    expect(await canList()).toBe(267);

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'edit')
      .where('target', '=', '权限组 运营组')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.before_json ?? '{}').resources).toEqual([
      '/sysset_home/basic',
      GROUP_PAGE,
      `${GROUP_PAGE}:edit`,
    ]);
    expect(JSON.parse(log.after_json ?? '{}').resources).toEqual(['/sysset_home/basic']);
  });

  it('refuses a rename onto another group name and an unknown group', async () => {
    const groupId = await createGroup(t, '临时组', ['/sysset_home/basic']);
    const taken = bodyOf<FieldErrors>(
      await call(t, 'POST', GroupPaths.update, {
        token: admin,
        json: { id: groupId, name: '医生组', resources: ['/sysset_home/basic'] },
      }),
    );
    expect(taken.data.errors).toEqual([{ field: 'name', msg: GroupMessages.groupNameTaken }]);
    const unknown = await call(t, 'POST', GroupPaths.update, {
      token: admin,
      json: { id: 999999, name: 'x', resources: ['/sysset_home/basic'] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(bodyOf(unknown).msg).toBe(GroupMessages.groupNotFound);
  });

  it('deletes an unused group but not one with operators', async () => {
    const used = await createGroup(t, '在用组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'user_a', password: 'Ua@12345', groupId: used });
    await createOperator(t, { username: 'user_b', password: 'Ub@12345', groupId: used });
    const refused = bodyOf(
      await call(t, 'POST', GroupPaths.delete, {
        token: admin,
        form: { id: String(used) },
      }),
    );
    expect(refused).toEqual({ state: 255, msg: GroupMessages.groupInUse(2), data: null });
    expect(refused.msg).toContain('2个操作员');

    const unused = await createGroup(t, '闲置组', ['/sysset_home/basic', GROUP_PAGE]);
    const deleted = bodyOf(
      await call(t, 'POST', GroupPaths.delete, { token: admin, json: { id: unused } }),
    );
    expect(deleted).toEqual({ state: 200, msg: '权限组已删除', data: null });
    const rows = await t.db
      .selectFrom('group_resources')
      .select('resource_key')
      .where('group_id', '=', unused)
      .execute();
    expect(rows).toEqual([]);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'before_json'])
      .where('target', '=', '权限组 闲置组')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('delete');
    expect(JSON.parse(log.before_json ?? '{}')).toMatchObject({ name: '闲置组' });
  });
});
