import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginAttemptsTable, NewOperationLog } from '../../../db/schema.js';
import { toDbBool } from '../../../db/values.js';
import type { DemoAuthority } from './authority.js';
import type { DemoContext } from '../../../db/demo/context.js';

/**
 * Two weeks of login history and operation-log entries, so the home overview and the operation
 * log page have something to show on a fresh install.
 */

const HISTORY_DAYS = 14;
const OFFICE_IPS = ['10.0.1.23', '10.0.1.57', '10.0.2.14', '192.168.10.8', '192.168.10.31'];

export async function seedOperationLogs(
  db: Kysely<Database>,
  demo: DemoContext,
  authority: DemoAuthority,
): Promise<void> {
  const { now, day, random } = demo;
  const active = authority.operators.filter((o) => o.username !== 'sunli');
  // The group edits are the demo super-admin's (`admin` itself has not signed in yet: its first
  // login changes the initial password).
  const groupEditor = authority.operators.find((o) => o.username === 'zhouqiang');
  const lastLogin = new Map<number, number>();
  const attempts: Insertable<LoginAttemptsTable>[] = [];
  const logs: NewOperationLog[] = [];

  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 1; daysAgo--) {
    const dayStart = now - daysAgo * day;
    for (const operator of active) {
      if (!random.chance(0.7)) continue;
      const ip = random.pick(OFFICE_IPS);
      const at = dayStart + random.int(8 * 60, 18 * 60) * 60_000;
      if (random.chance(0.15)) {
        attempts.push({
          username: operator.username,
          ip,
          success: 0,
          reason: 'bad_credentials',
          created_at: at - 60_000,
        });
        logs.push({
          operator_id: operator.id,
          operator_name: operator.username,
          module: 'auth',
          action: 'login',
          target: `操作员 ${operator.username}`,
          ip,
          result: 'failure',
          message: '用户名或密码错误',
          request_id: '',
          created_at: at - 60_000,
        });
      }
      lastLogin.set(operator.id, at);
      attempts.push({
        username: operator.username,
        ip,
        success: toDbBool(true),
        reason: 'ok',
        created_at: at,
      });
      logs.push({
        operator_id: operator.id,
        operator_name: operator.username,
        module: 'auth',
        action: 'login',
        target: `操作员 ${operator.username}`,
        ip,
        result: 'success',
        message: '登录成功',
        request_id: '',
        created_at: at,
      });
    }
    if (random.chance(0.3) && groupEditor) {
      const at = dayStart + random.int(9 * 60, 17 * 60) * 60_000;
      const group = random.pick([...authority.groupIds.keys()]);
      const resources = random.int(6, 20);
      logs.push({
        operator_id: groupEditor.id,
        operator_name: groupEditor.username,
        module: 'authority',
        action: 'edit',
        target: `权限组 ${group}`,
        // Before/after snapshots as the audit records them, for the log page's diff view.
        before_json: JSON.stringify({
          name: group,
          description: `${group}的默认权限`,
          resourceCount: resources,
          updatedBy: { username: groupEditor.username, ip: OFFICE_IPS[0] },
        }),
        after_json: JSON.stringify({
          name: group,
          description: `${group}：新增报表与导出权限`,
          resourceCount: resources + 2,
          updatedBy: { username: groupEditor.username, ip: OFFICE_IPS[0] },
        }),
        ip: OFFICE_IPS[0] ?? '',
        result: 'success',
        message: '修改权限组',
        request_id: '',
        created_at: at,
      });
    }
  }

  for (let i = 0; i < attempts.length; i += 100)
    await db
      .insertInto('login_attempts')
      .values(attempts.slice(i, i + 100))
      .execute();
  for (let i = 0; i < logs.length; i += 100)
    await db
      .insertInto('operation_logs')
      .values(logs.slice(i, i + 100))
      .execute();
  // 最后登录 is the last login of that history.
  for (const [id, at] of lastLogin)
    await db.updateTable('operators').set({ last_login_at: at }).where('id', '=', id).execute();
}
