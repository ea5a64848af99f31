import { ApiPaths, type HomeOverview } from '@health/contract';
import { describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
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

/** Two to-dos registered the way an area registers its own, counting real rows. */
const registerTodos: RoutePlugin = async (_app, { ctx }) => {
  ctx.todos.register({
    key: 'firstLogin',
    title: '待首次改密的操作员',
    link: '/sysset_authority/authority_member',
    query: 'needChange=first',
    count: async (db) => {
      const row = await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('need_change_type', '=', 'first')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
  ctx.todos.register({
    key: 'failedLogins',
    title: '今日登录失败',
    link: '/sysset_authority/operate_log',
    count: async () => 3,
  });
};

describe.each(databaseKinds)('home overview to-dos on %s', (kind) => {
  let t: TestApp;

  setupApp(
    kind,
    async (app) => {
      t = app;
      const group = await createGroup(t, '日志组', [
        '/sysset_home/basic',
        '/sysset_authority/operate_log',
      ]);
      await createOperator(t, { username: 'rizhi', password: 'Rz@12345', groupId: group });
      await createOperator(t, {
        username: 'xinren',
        password: 'Xr@12345',
        groupId: group,
        needChangeType: 'first',
      });
    },
    { extraRoutes: [registerTodos] },
  );

  const todosOf = async (access_token: string) => {
    const body = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: access_token }),
    );
    expect(body.state).toBe(200);
    return body.data.todos;
  };

  it('gives the super-admin every to-do with its count and queue link, in order', async () => {
    // Only the to-dos this test registers (the areas register their own before them).
    const mine = new Set(['firstLogin', 'failedLogins']);
    expect((await todosOf(await loginAdmin(t))).filter((todo) => mine.has(todo.key))).toEqual([
      {
        key: 'firstLogin',
        title: '待首次改密的操作员',
        count: 1, // xinren has not changed the initial password
        link: '/sysset_authority/authority_member',
        query: 'needChange=first',
      },
      {
        key: 'failedLogins',
        title: '今日登录失败',
        count: 3,
        link: '/sysset_authority/operate_log',
      },
    ]);
  });

  it('shows an operator only the to-dos whose queue page its group holds', async () => {
    // The group holds neither the operators page nor any area's queue page.
    expect(
      (await todosOf((await login(t, 'rizhi', 'Rz@12345')).access_token)).map((todo) => todo.key),
    ).toEqual(['failedLogins']);
  });
});
