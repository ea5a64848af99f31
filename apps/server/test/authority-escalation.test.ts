import {
  ApiPaths,
  MemberPaths,
  type GroupListItem,
  type GroupOption,
  type OperatorListItem,
  type Page,
  GroupMessages,
  GroupPaths,
  OperatorMessages,
  OperatorPaths,
} from '@health/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  setupApp,
  login,
  loginAdmin,
  type TestApp,
} from './helpers/app.js';

/**
 * Nobody grants more than it holds (issue: an operator holding only 操作员管理 add/edit moved itself
 * into the super-admin group; one holding only 权限组 edit gave its own group every resource).
 * Every endpoint that assigns a group or grants resources is tried by an operator that does not
 * hold what it hands out: 267 with a Chinese message, nothing changed, the refusal logged.
 */

const MEMBER_PAGE = '/sysset_authority/authority_member';
const GROUP_PAGE = '/sysset_authority/authority_group';
const SUPER_GROUP = 1;

describe.each(databaseKinds)('no escalation of permissions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds 操作员管理 with add, edit and reset, and the member list. */
  let operatorAdminGroup: number;
  /** Holds 权限组 with add and edit, and the member list. */
  let groupAdminGroup: number;
  /** Holds only the member list (a subset of both groups above). */
  let memberGroup: number;
  /** Holds the operation log (a page the two admins above do not hold). */
  let logGroup: number;
  let opAdminId: number;
  let opAdmin: string;
  let grAdmin: string;
  let adminId: number;
  let loggerId: number;

  const opAdminKeys = [
    MEMBER_PAGE,
    `${MEMBER_PAGE}:add`,
    `${MEMBER_PAGE}:edit`,
    `${MEMBER_PAGE}:reset`,
    `${MEMBER_PAGE}:delete`,
    `${MEMBER_PAGE}:reveal`,
    `${MEMBER_PAGE}:session`,
    '/member_manage/lists',
  ];
  const grAdminKeys = [
    GROUP_PAGE,
    `${GROUP_PAGE}:add`,
    `${GROUP_PAGE}:edit`,
    '/member_manage/lists',
  ];

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    operatorAdminGroup = await createGroup(t, '操作员管理员', opAdminKeys);
    groupAdminGroup = await createGroup(t, '权限组管理员', grAdminKeys);
    memberGroup = await createGroup(t, '会员查看', ['/member_manage/lists']);
    logGroup = await createGroup(t, '日志查看', ['/sysset_authority/operate_log']);
    opAdminId = await createOperator(t, {
      username: 'opadmin',
      password: 'Op@12345',
      groupId: operatorAdminGroup,
    });
    await createOperator(t, {
      username: 'gradmin',
      password: 'Gr@12345',
      groupId: groupAdminGroup,
    });
    loggerId = await createOperator(t, {
      username: 'rizhi',
      password: 'Rz@12345',
      groupId: logGroup,
    });
    adminId = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    opAdmin = (await login(t, 'opadmin', 'Op@12345')).access_token;
    grAdmin = (await login(t, 'gradmin', 'Gr@12345')).access_token;
  });

  const operatorRow = (id: number) =>
    t.db
      .selectFrom('operators')
      .select(['group_id', 'password_hash', 'enabled', 'need_change_type'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const groupKeys = async (id: number) =>
    (
      await t.db
        .selectFrom('group_resources')
        .select('resource_key')
        .where('group_id', '=', id)
        .orderBy('resource_key')
        .execute()
    ).map((r) => r.resource_key);
  const lastLog = () =>
    t.db
      .selectFrom('operation_logs')
      .select(['operator_name', 'module', 'action', 'target', 'result', 'message'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  const operatorForm = (id: number, username: string, groupId: number) => ({
    id: String(id),
    username,
    realName: username,
    groupId: String(groupId),
    staffRole: 'operator',
  });

  describe('operators (操作员管理)', () => {
    it('refuses moving oneself into the super-admin group, and logs it', async () => {
      const before = await operatorRow(opAdminId);
      const body = bodyOf(
        await call(t, 'POST', OperatorPaths.update, {
          token: opAdmin,
          form: operatorForm(opAdminId, 'opadmin', SUPER_GROUP),
        }),
      );
      expect(body).toEqual({ state: 267, msg: OperatorMessages.ownGroupChange, data: null });
      expect(await operatorRow(opAdminId)).toEqual(before);
      expect(await lastLog()).toEqual({
        operator_name: 'opadmin',
        module: 'authority',
        action: 'edit',
        target: '操作员 opadmin',
        result: 'failure',
        message: OperatorMessages.ownGroupChange,
      });
      // The session still reads what it held before, and no more.
      const reveal = bodyOf(
        await call(t, 'POST', MemberPaths.revealPhone, {
          token: opAdmin,
          form: { id: '1' },
        }),
      );
      expect(reveal.state).toBe(267);
    });

    it('refuses creating or moving another operator into a group it does not hold', async () => {
      for (const groupId of [SUPER_GROUP, logGroup]) {
        const message =
          groupId === SUPER_GROUP ? OperatorMessages.superAdminOnly : OperatorMessages.groupNotHeld;
        const add = bodyOf(
          await call(t, 'POST', OperatorPaths.add, {
            token: opAdmin,
            form: {
              username: `new${groupId}`,
              realName: '新人',
              groupId: String(groupId),
              staffRole: 'operator',
            },
          }),
        );
        expect(add).toEqual({ state: 267, msg: message, data: null });
        expect(
          await t.db
            .selectFrom('operators')
            .select('id')
            .where('username', '=', `new${groupId}`)
            .executeTakeFirst(),
        ).toBeUndefined();
        expect(await lastLog()).toMatchObject({ action: 'add', result: 'failure', message });
      }
      // A colleague in a group opadmin holds (the member list only) cannot be moved up either.
      const colleague = await createOperator(t, {
        username: 'tongshi',
        password: 'Ts@12345',
        groupId: memberGroup,
      });
      const move = bodyOf(
        await call(t, 'POST', OperatorPaths.update, {
          token: opAdmin,
          form: operatorForm(colleague, 'tongshi', SUPER_GROUP),
        }),
      );
      expect(move).toEqual({ state: 267, msg: OperatorMessages.superAdminOnly, data: null });
      expect((await operatorRow(colleague)).group_id).toBe(memberGroup);
    });

    it('lets it assign a group it holds whole', async () => {
      const add = bodyOf<{ id: number }>(
        await call(t, 'POST', OperatorPaths.add, {
          token: opAdmin,
          form: {
            username: 'huiyuan',
            realName: '会员专员',
            groupId: String(memberGroup),
            staffRole: 'operator',
          },
        }),
      );
      expect(add.state).toBe(200);
      expect((await operatorRow(add.data.id)).group_id).toBe(memberGroup);
    });

    it('refuses managing a super-admin or an operator whose group it does not hold', async () => {
      const cases: [string, Record<string, string>, number, string][] = [
        [
          OperatorPaths.update,
          operatorForm(adminId, 'admin', SUPER_GROUP),
          adminId,
          OperatorMessages.superAdminOnly,
        ],
        [
          OperatorPaths.resetPwd,
          { id: String(adminId), password: 'Aa@123456' },
          adminId,
          OperatorMessages.superAdminOnly,
        ],
        [OperatorPaths.disable, { id: String(adminId) }, adminId, OperatorMessages.superAdminOnly],
        [OperatorPaths.delete, { id: String(adminId) }, adminId, OperatorMessages.superAdminOnly],
        // Resetting the log viewer's password would let opadmin sign in as it and read the log.
        [
          OperatorPaths.resetPwd,
          { id: String(loggerId), password: 'Aa@123456' },
          loggerId,
          OperatorMessages.operatorBeyondOwn,
        ],
        [
          OperatorPaths.update,
          operatorForm(loggerId, 'rizhi', memberGroup),
          loggerId,
          OperatorMessages.operatorBeyondOwn,
        ],
      ];
      for (const [path, form, id, message] of cases) {
        const before = await operatorRow(id);
        const body = bodyOf(await call(t, 'POST', path, { token: opAdmin, form }));
        expect({ path, body }).toEqual({ path, body: { state: 267, msg: message, data: null } });
        expect(await operatorRow(id)).toEqual(before);
        expect(await lastLog()).toMatchObject({
          operator_name: 'opadmin',
          result: 'failure',
          message,
        });
      }
    });

    it("refuses reading a super-admin's phone or sessions, but not another account's", async () => {
      for (const [method, path, form] of [
        ['POST', OperatorPaths.revealPhone, { id: String(adminId) }],
        ['GET', `${OperatorPaths.sessions}?id=${adminId}`, undefined],
      ] as const) {
        const body = bodyOf(await call(t, method, path, { token: opAdmin, form }));
        expect({ path, body }).toEqual({
          path,
          body: { state: 267, msg: OperatorMessages.superAdminOnly, data: null },
        });
        expect(await lastLog()).toMatchObject({
          operator_name: 'opadmin',
          result: 'failure',
          message: OperatorMessages.superAdminOnly,
        });
      }
      // The log viewer's account is beyond opadmin's group, but not a super-admin's: readable.
      const phone = bodyOf(
        await call(t, 'POST', OperatorPaths.revealPhone, {
          token: opAdmin,
          form: { id: String(loggerId) },
        }),
      );
      expect(phone.state).toBe(200);
      const sessions = bodyOf(
        await call(t, 'GET', `${OperatorPaths.sessions}?id=${loggerId}`, { token: opAdmin }),
      );
      expect(sessions.state).toBe(200);
      // A super-admin reads another super-admin's.
      const own = bodyOf<string>(
        await call(t, 'GET', `${OperatorPaths.sessions}?id=${adminId}`, { token: admin }),
      );
      expect(own.state).toBe(200);
    });

    it('says in the list and the options which accounts and groups the caller may manage', async () => {
      const list = bodyOf<Page<OperatorListItem>>(
        await call(t, 'GET', OperatorPaths.list, {
          token: opAdmin,
          form: undefined,
        }),
      );
      const manageable = Object.fromEntries(list.data.list.map((o) => [o.username, o.manageable]));
      expect(manageable).toMatchObject({
        admin: false,
        rizhi: false,
        opadmin: true,
        huiyuan: true,
      });
      const adminList = bodyOf<Page<OperatorListItem>>(
        await call(t, 'GET', OperatorPaths.list, { token: admin }),
      );
      expect(adminList.data.list.every((o) => o.manageable)).toBe(true);
    });

    it('lets a super-admin create, edit and reset a super-admin', async () => {
      const add = bodyOf<{ id: number }>(
        await call(t, 'POST', OperatorPaths.add, {
          token: admin,
          form: {
            username: 'chaoguan',
            realName: '超管',
            groupId: String(SUPER_GROUP),
            staffRole: 'admin',
          },
        }),
      );
      expect(add.state).toBe(200);
      const reset = bodyOf(
        await call(t, 'POST', OperatorPaths.resetPwd, {
          token: admin,
          form: { id: String(add.data.id) },
        }),
      );
      expect(reset.state).toBe(200);
    });
  });

  describe('groups (权限组)', () => {
    beforeEach(async () => {
      // Each case starts from the same grants.
      await t.db.deleteFrom('group_resources').where('group_id', '=', groupAdminGroup).execute();
      await t.db
        .insertInto('group_resources')
        .values(grAdminKeys.map((k) => ({ group_id: groupAdminGroup, resource_key: k })))
        .execute();
    });

    it("refuses changing its own group's resources, and logs it", async () => {
      const before = await groupKeys(groupAdminGroup);
      const body = bodyOf(
        await call(t, 'POST', GroupPaths.update, {
          token: grAdmin,
          json: {
            id: groupAdminGroup,
            name: '权限组管理员',
            resources: [...grAdminKeys, '/member_manage/lists:reveal'],
          },
        }),
      );
      expect(body).toEqual({ state: 267, msg: GroupMessages.ownGroupLocked, data: null });
      expect(await groupKeys(groupAdminGroup)).toEqual(before);
      expect(await lastLog()).toEqual({
        operator_name: 'gradmin',
        module: 'authority',
        action: 'edit',
        target: '权限组 权限组管理员',
        result: 'failure',
        message: GroupMessages.ownGroupLocked,
      });
    });

    it('refuses creating or editing a group with a permission it does not hold', async () => {
      const add = bodyOf(
        await call(t, 'POST', GroupPaths.add, {
          token: grAdmin,
          json: {
            name: '越权组',
            resources: ['/member_manage/lists', '/member_manage/lists:reveal'],
          },
        }),
      );
      expect(add).toEqual({
        state: 267,
        msg: GroupMessages.resourcesNotHeld('会员列表·查看明文'),
        data: null,
      });
      expect(
        await t.db
          .selectFrom('permission_groups')
          .select('id')
          .where('name', '=', '越权组')
          .executeTakeFirst(),
      ).toBeUndefined();
      expect(await lastLog()).toMatchObject({ action: 'add', result: 'failure' });

      // Widening a group it holds (the member viewers) with the operation log.
      const before = await groupKeys(memberGroup);
      const widen = bodyOf(
        await call(t, 'POST', GroupPaths.update, {
          token: grAdmin,
          form: {
            id: String(memberGroup),
            name: '会员查看',
            resources: '/member_manage/lists,/sysset_authority/operate_log',
          },
        }),
      );
      expect(widen).toEqual({
        state: 267,
        msg: GroupMessages.resourcesNotHeld('操作日志'),
        data: null,
      });
      expect(await groupKeys(memberGroup)).toEqual(before);
    });

    it('refuses editing or deleting a group holding more than the caller', async () => {
      const before = await groupKeys(logGroup);
      const edit = bodyOf(
        await call(t, 'POST', GroupPaths.update, {
          token: grAdmin,
          json: { id: logGroup, name: '日志查看', resources: ['/member_manage/lists'] },
        }),
      );
      expect(edit).toEqual({ state: 267, msg: GroupMessages.groupBeyondOwn, data: null });
      expect(await groupKeys(logGroup)).toEqual(before);
    });

    it('lets it create and edit groups within what it holds, and says which it may edit', async () => {
      const add = bodyOf<{ id: number }>(
        await call(t, 'POST', GroupPaths.add, {
          token: grAdmin,
          json: { name: '子集组', resources: ['/member_manage/lists'] },
        }),
      );
      expect(add.state).toBe(200);
      const list = bodyOf<Page<GroupListItem>>(
        await call(t, 'GET', GroupPaths.list, { token: grAdmin }),
      );
      const editable = Object.fromEntries(list.data.list.map((g) => [g.name, g.editable]));
      expect(list.data.list.filter((g) => g.isOwn).map((g) => g.name)).toEqual(['权限组管理员']);
      expect(editable).toMatchObject({
        超级管理员: false,
        权限组管理员: false, // its own
        日志查看: false,
        会员查看: true,
        子集组: true,
      });
      const options = bodyOf<GroupOption[]>(
        await call(t, 'GET', GroupPaths.options, { token: opAdmin }),
      );
      const assignable = Object.fromEntries(options.data.map((g) => [g.name, g.assignable]));
      expect(assignable).toMatchObject({
        超级管理员: false,
        操作员管理员: true,
        权限组管理员: false,
        会员查看: true,
        日志查看: false,
      });
    });
  });

  it('a refused session keeps what it had: user info still answers', async () => {
    expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: opAdmin })).state).toBe(200);
  });
});
