import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  COMPONENT_TYPES,
  DecoratePagePaths,
  GoodsPaths,
  goodsUpdateRequestSchema,
  memberUpdateRequestSchema,
  type Goods,
} from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEMALE_GIVEN_NAME_CHARS, MALE_GIVEN_NAME_CHARS, SURNAMES } from '../src/db/demo/random.js';
import { SecretBox } from '../src/platform/secrets.js';
import { bodyOf, call, createTestApp, loginAdmin, type TestApp } from './helpers/app.js';

/**
 * The demo is the first thing a buyer sees: it must pass the rules the API applies to the same
 * rows, and tell one story over its six weeks (issue: goods without the pictures their rule
 * wants, log-off requests in the future, staff "never logged in" with logins in the log, weeks of
 * points stamped at start-up, a code creator who is no operator, women listed as men, a GGT of 0).
 * SQLite only: the demo is the same rows on either database (bootstrap.test compares them).
 */
describe('the demo data', () => {
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  let now: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-demo-consistency-'));
    t = await createTestApp('sqlite', {
      demoData: true,
      secrets: new SecretBox('demo consistency test key material, long enough'),
      // A few days of device readings through the ingest API, no 24-hour ECG.
      env: { DATA_DIR: dataDir, DEMO_SCALE: '0.1' },
    });
    now = t.clock.now;
    admin = await loginAdmin(t);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has goods an operator can save unchanged, each with a product picture that is served', async () => {
    const goods = await t.db.selectFrom('mall_goods').select('id').execute();
    expect(goods.length).toBeGreaterThan(10);
    for (const { id } of goods) {
      const detail = bodyOf<Goods>(
        await call(t, 'GET', `${GoodsPaths.detail}?id=${id}`, { token: admin }),
      ).data;
      const request = {
        id,
        name: detail.name,
        images: detail.images,
        pointsPrice: detail.pointsPrice,
        cashFen: detail.cashFen,
        stock: detail.stock,
        limitPerMember: detail.limitPerMember,
        packageTypeId: detail.packageTypeId,
        description: detail.description,
        sort: detail.sort,
        baseStock: detail.stock,
      };
      expect(goodsUpdateRequestSchema.safeParse(request).error?.issues, detail.name).toBe(
        undefined,
      );
      const saved = bodyOf(
        await call(t, 'POST', GoodsPaths.update, { token: admin, json: request }),
      );
      expect(saved.state, `${detail.name}: ${saved.msg}`).toBe(200);
      const picture = await t.app.inject({ method: 'GET', url: detail.images[0]! });
      expect(picture.statusCode, detail.images[0]).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.rawPayload.length).toBeGreaterThan(5_000);
    }
  });

  it("has members whose profiles pass the member form's rules, and names that fit their gender", async () => {
    const members = await t.db
      .selectFrom('members')
      .select(['id', 'name', 'gender', 'birthday', 'province', 'city', 'address', 'remark'])
      .where('status', '!=', 'logged_off')
      .execute();
    const female = new Set(FEMALE_GIVEN_NAME_CHARS);
    const male = new Set(MALE_GIVEN_NAME_CHARS);
    for (const m of members) {
      const parsed = memberUpdateRequestSchema.safeParse({
        id: m.id,
        name: m.name,
        gender: m.gender,
        birthday: m.birthday ?? '',
        province: m.province,
        city: m.city,
        address: m.address,
        remark: m.remark,
      });
      expect(parsed.error?.issues, m.name).toBe(undefined);
      expect(SURNAMES).toContain(m.name[0]);
      const given = [...m.name.slice(1)];
      const wrong = m.gender === 'female' ? male : female;
      expect(
        given.filter((c) => wrong.has(c)),
        `${m.name} (${m.gender})`,
      ).toEqual([]);
    }
  });

  it('dates nothing after now', async () => {
    const latest = async (
      table: 'member_logoff_requests' | 'member_action_logs' | 'operation_logs' | 'points_ledger',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.max('created_at').as('at'))
            .executeTakeFirstOrThrow()
        ).at,
      );
    for (const table of [
      'member_logoff_requests',
      'member_action_logs',
      'operation_logs',
      'points_ledger',
    ] as const)
      expect(await latest(table), table).toBeLessThanOrEqual(now);
    const handled = await t.db
      .selectFrom('member_logoff_requests')
      .select(['created_at', 'handled_at'])
      .where('handled_at', 'is not', null)
      .execute();
    for (const r of handled) {
      expect(Number(r.handled_at)).toBeLessThanOrEqual(now);
      expect(Number(r.handled_at)).toBeGreaterThanOrEqual(Number(r.created_at));
    }
  });

  it("stamps no weeks of points or grade changes at start-up (the readings' backlog earns none)", async () => {
    const atStart = await t.db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', now)
      .executeTakeFirstOrThrow();
    expect(Number(atStart.n)).toBe(0);
    const grades = await t.db
      .selectFrom('member_grade_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', now)
      .executeTakeFirstOrThrow();
    expect(Number(grades.n)).toBe(0);
    // The readings were stored all the same, and 积分配置 is as the demo saved it.
    const readings = await t.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(readings.n)).toBeGreaterThan(100);
    const integral = await t.db
      .selectFrom('settings')
      .select(['value_json', 'updated_at'])
      .where('section', '=', 'integral')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(integral.value_json).measurementPoints).toBeGreaterThan(0);
    expect(Number(integral.updated_at)).toBeLessThan(now);
  });

  it("shows each member's last activity no earlier than what the member did", async () => {
    const rows = await t.db
      .selectFrom('members as m')
      .innerJoin('member_action_logs as a', 'a.member_id', 'm.id')
      .select(['m.id', 'm.last_active_at', (eb) => eb.fn.max('a.created_at').as('lastAction')])
      .where('m.status', '!=', 'logged_off')
      .groupBy(['m.id', 'm.last_active_at'])
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    const behind = rows.filter((r) => Number(r.last_active_at ?? 0) < Number(r.lastAction));
    expect(behind).toEqual([]);
  });

  it('names only real operators as those who did things, and their last logins', async () => {
    const names = new Set(
      (await t.db.selectFrom('operators').select('real_name').execute()).map((o) => o.real_name),
    );
    const named = [
      ...(await t.db.selectFrom('device_codes').select('created_by as name').distinct().execute()),
      ...(await t.db
        .selectFrom('device_returns')
        .select('handled_by as name')
        .where('handled_by', 'is not', null)
        .distinct()
        .execute()),
      ...(await t.db
        .selectFrom('device_imports')
        .select('operator_name as name')
        .distinct()
        .execute()),
      ...(await t.db.selectFrom('mall_goods').select('created_by as name').distinct().execute()),
      ...(await t.db
        .selectFrom('device_events')
        .select('operator_name as name')
        .where('operator_id', 'is not', null)
        .distinct()
        .execute()),
    ].map((r) => String(r.name));
    expect(named.filter((n) => !names.has(n))).toEqual([]);

    const logins = await t.db
      .selectFrom('login_attempts')
      .select(['username', (eb) => eb.fn.max('created_at').as('at')])
      .where('success', '=', 1)
      .groupBy('username')
      .execute();
    expect(logins.length).toBeGreaterThan(3);
    for (const l of logins) {
      const op = await t.db
        .selectFrom('operators')
        .select('last_login_at')
        .where('username', '=', l.username)
        .executeTakeFirstOrThrow();
      expect(Number(op.last_login_at), l.username).toBe(Number(l.at));
    }
  });

  it("has 装修's story: a home page of every component with three versions and unpublished changes, a topic to publish tomorrow, the mall home, and eight videos in three categories", async () => {
    const pages = await t.db
      .selectFrom('decorate_pages')
      .select([
        'id',
        'kind',
        'name',
        'enabled_kind',
        'published_version',
        'revision',
        'published_revision',
        'scheduled_at',
        'draft_json',
      ])
      .execute();
    const home = pages.find((p) => p.kind === 'home' && p.enabled_kind !== null)!;
    expect(home).toBeTruthy();
    expect(Number(home.published_version)).toBe(3);
    // A draft with changes not yet published.
    expect(Number(home.revision)).toBeGreaterThan(Number(home.published_revision));
    const versions = await t.db
      .selectFrom('decorate_page_versions')
      .select(['version', 'document_json'])
      .where('page_id', '=', home.id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => Number(v.version))).toEqual([1, 2, 3]);
    const live = JSON.parse(versions[2]!.document_json) as { content: { type: string }[] };
    expect(new Set(live.content.map((b) => b.type))).toEqual(new Set(COMPONENT_TYPES));
    const topics = pages.filter((p) => p.kind === 'topic');
    expect(topics).toHaveLength(2);
    const scheduled = topics.find((p) => p.scheduled_at !== null)!;
    const day = 24 * 60 * 60 * 1000;
    expect(Number(scheduled.scheduled_at)).toBeGreaterThan(now);
    expect(Number(scheduled.scheduled_at)).toBeLessThanOrEqual(now + 2 * day);
    expect(pages.some((p) => p.kind === 'mall' && p.enabled_kind !== null)).toBe(true);
    // Every published page can be published again as it stands (its links and records work).
    for (const p of pages.filter((p) => p.published_version !== null)) {
      const answer = await call(t, 'POST', DecoratePagePaths.publish, {
        token: admin,
        json: { id: Number(p.id), revision: Number(p.revision) },
      });
      expect(bodyOf(answer).state, p.name).toBe(200);
    }

    const videos = await t.db
      .selectFrom('decorate_videos')
      .select(['category', 'enabled'])
      .execute();
    expect(videos).toHaveLength(8);
    expect(new Set(videos.map((v) => v.category)).size).toBe(3);
  });

  it('has lab results above zero', async () => {
    const zero = await t.db
      .selectFrom('inspection_items')
      .select(['name', 'value'])
      .where('value', '<=', 0)
      .execute();
    expect(zero).toEqual([]);
  });
});
