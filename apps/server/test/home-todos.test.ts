import { ApiPaths, type HomeOverview } from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
import { databaseKinds } from './helpers/databases.js';
import {
  ADMIN_PASSWORD,
  bodyOf,
  call,
  createGroup,
  createOperator,
  createTestApp,
  login,
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

  beforeAll(async () => {
    t = await createTestApp(kind, { extraRoutes: [registerTodos] });
    const group = await createGroup(t, '日志组', [
      '/sysset_home/basic',
      '/sysset_authority/operate_log',
    ]);
    await createOperator(t, { username: 'rizhi', password: 'Rz@12345', groupId: group });
  });
  afterAll(() => t.close());

  const todosOf = async (username: string, password: string) => {
    const { access_token } = await login(t, username, password);
    const body = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: access_token }),
    );
    expect(body.state).toBe(200);
    return body.data.todos;
  };

  it('gives the super-admin every to-do with its count and queue link, in order', async () => {
    // Only the to-dos this test registers (the areas register their own before them).
    const mine = new Set(['firstLogin', 'failedLogins']);
    expect((await todosOf('admin', ADMIN_PASSWORD)).filter((todo) => mine.has(todo.key))).toEqual([
      {
        key: 'firstLogin',
        title: '待首次改密的操作员',
        count: 1, // the admin itself has not changed the initial password
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
    expect((await todosOf('rizhi', 'Rz@12345')).map((todo) => todo.key)).toEqual(['failedLogins']);
  });
});
