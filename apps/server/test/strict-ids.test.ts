import fc from 'fast-check';
import { MemberPaths, OperatorPaths } from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  nonCanonicalIdJson,
  nonCanonicalIdText,
} from '../../../packages/contract/test/id-arbitraries.js';
import { databaseKinds } from './helpers/databases.js';
import { createGroup, createOperator, setupApp, loginAdmin, type TestApp } from './helpers/app.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

/**
 * Ids are strict on every endpoint (issue: `adminUser/delete {"id": true}` deleted operator 1):
 * a non-canonical id in a JSON body, a form body or a query string is refused with 255 and
 * changes nothing.
 */
describe.each(databaseKinds)('strict ids on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let victim: number;
  let memberId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const group = await createGroup(t, '会员查看', ['/member_manage/lists']);
    // Operator 1 is the admin; the victim's id is small so "1e0"-like forms would hit a row.
    victim = await createOperator(t, { username: 'victim', password: 'Vi@12345', groupId: group });
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    memberId = await insertMember(t, { gradeId, phone: '13800000001', name: '张三' });
  });

  const operatorCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('operators')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );
  const frozen = async () =>
    (
      await t.db
        .selectFrom('members')
        .select('status')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).status;

  const post = (path: string, payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: t.api(path),
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
      payload,
    });

  it('refuses {"id": true} and other non-canonical JSON ids with 255 and deletes nothing', async () => {
    const before = await operatorCount();
    await fc.assert(
      fc.asyncProperty(nonCanonicalIdJson, async (id) => {
        const response = await post(
          OperatorPaths.delete,
          JSON.stringify({ id }),
          'application/json',
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ state: 255, msg: '操作员编号不正确' });
      }),
      { numRuns: 60, seed: 9 },
    );
    expect(await operatorCount()).toBe(before);
  });

  it('refuses non-canonical form ids and a repeated id key', async () => {
    const statusBefore = await frozen();
    await fc.assert(
      fc.asyncProperty(nonCanonicalIdText, async (id) => {
        const form = new URLSearchParams({ id, reason: '测试' }).toString();
        const response = await post(MemberPaths.freeze, form, 'application/x-www-form-urlencoded');
        expect(response.json()).toMatchObject({ state: 255 });
      }),
      { numRuns: 60, seed: 10 },
    );
    const repeated = await post(
      OperatorPaths.delete,
      `id=${victim}&id=${victim}`,
      'application/x-www-form-urlencoded',
    );
    expect(repeated.json()).toMatchObject({ state: 255, msg: '操作员编号不正确' });
    expect(await frozen()).toBe(statusBefore);
    expect(await operatorCount()).toBeGreaterThan(1);
  });

  it('refuses non-canonical ids in a query string', async () => {
    await fc.assert(
      fc.asyncProperty(nonCanonicalIdText, async (id) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `${t.api(OperatorPaths.detail)}?${new URLSearchParams({ id }).toString()}`,
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(response.json()).toMatchObject({ state: 255 });
      }),
      { numRuns: 40, seed: 11 },
    );
  });

  it('still accepts a canonical id, as a number or a plain string', async () => {
    const asText = await t.app.inject({
      method: 'GET',
      url: `${t.api(OperatorPaths.detail)}?id=${victim}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(asText.json()).toMatchObject({ state: 200, data: { id: victim } });
    const deleted = await post(
      OperatorPaths.delete,
      JSON.stringify({ id: victim }),
      'application/json',
    );
    expect(deleted.json()).toMatchObject({ state: 200 });
  });
});
