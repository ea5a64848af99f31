import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chinaDayStartOf,
  DAY_MS,
  INSPECTION_TEMPLATES,
  InspectionMessages,
  InspectionPaths,
  type Inspection,
  type InspectionDetail,
  type InspectionFile,
  type Page,
} from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bodyOf,
  call,
  createGroup,
  createOperator,
  createTestApp,
  exportRows,
  login,
  loginAdmin,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

const PAGE = '/report_list/inspection';
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest PDF file-type recognises (its header and trailer). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(filename: string, content: Buffer, type: string) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const errorsOf = (body: { data: unknown }) => (body.data as FieldErrors).errors;

describe.each(databaseKinds)('lab reports API on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  /** Holds the page only. */
  let viewer: string;
  /** Holds the page and `edit` (may upload, may not add). */
  let editor: string;
  /** Holds another page only. */
  let outsider: string;
  let memberId: number;
  let otherMemberId: number;
  let today: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-lab-'));
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir } });
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    memberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
    otherMemberId = await insertMember(t, { gradeId, name: '李建国', phone: '13987654321' });
    const viewers = await createGroup(t, '报告只读', [PAGE]);
    const editors = await createGroup(t, '报告编辑', [PAGE, `${PAGE}:edit`]);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    await createOperator(t, { username: 'editor', password: 'Edit@123', groupId: editors });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    admin = await loginAdmin(t);
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    editor = (await login(t, 'editor', 'Edit@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    today = chinaDayStartOf(t.clock.now);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (p: string, json: unknown, token = admin) => call(t, 'POST', p, { token, json });
  const get = (p: string, token = admin) => call(t, 'GET', p, { token });
  const upload = (token: string | null, filename: string, content: Buffer, type: string) => {
    const { payload, headers } = multipart(filename, content, type);
    return t.app.inject({
      method: 'POST',
      url: t.api(InspectionPaths.upload),
      headers: { ...headers, ...(token ? bearer(token) : {}) },
      payload,
    });
  };

  /** The lipid panel with these values (TC, TG, LDL-C, HDL-C), sampled yesterday. */
  const lipids = (values: number[], extra: Record<string, unknown> = {}) => ({
    memberId,
    title: '血脂四项检验报告',
    hospital: '社区卫生服务中心检验室',
    sampledAt: today - DAY_MS,
    reportedAt: today,
    items: INSPECTION_TEMPLATES.lipids.items.map((item, i) => ({ ...item, value: values[i] })),
    remark: '',
    ...extra,
  });

  let reportId = 0;
  let pdfId = 0;
  let pngId = 0;

  it('uploads a PDF and an image, checked by content, stored privately', async () => {
    const pdf = bodyOf<InspectionFile>(await upload(admin, '化验单.pdf', PDF, 'application/pdf'));
    expect(pdf.state).toBe(200);
    expect(pdf.data).toMatchObject({
      name: '化验单.pdf',
      mime: 'application/pdf',
      size: PDF.length,
    });
    pdfId = pdf.data.id;
    // The name and the browser's type do not count: a PNG called .pdf is a PNG.
    const png = bodyOf<InspectionFile>(await upload(editor, 'photo.pdf', PNG, 'application/pdf'));
    expect(png.state).toBe(200);
    expect(png.data.mime).toBe('image/png');
    pngId = png.data.id;

    const row = await t.db
      .selectFrom('inspection_files')
      .selectAll()
      .where('id', '=', pngId)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^lab\/\d{6}\/[0-9a-f]{32}\.bin$/);
    expect(row.inspection_id).toBeNull();
    // Never served publicly.
    const open = await t.app.inject({ method: 'GET', url: `/uploads/${row.storage_key}` });
    expect(open.statusCode).toBe(404);
    // Served to an operator holding the page, byte-identical, not cached.
    const served = await get(`${InspectionPaths.file}?id=${pngId}`, viewer);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('no-store');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    expect(bodyOf(await get(`${InspectionPaths.file}?id=${pngId}`, outsider)).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', `${InspectionPaths.file}?id=${pngId}`)).state).toBe(266);
  });

  it('refuses a file that is not a PDF or an image by its content, and a viewer', async () => {
    const fake = bodyOf<FieldErrors>(
      await upload(
        admin,
        'report.pdf',
        Buffer.from('not a pdf at all, just text'),
        'application/pdf',
      ),
    );
    expect(fake.state).toBe(255);
    expect(errorsOf(fake)).toEqual([{ field: 'file', msg: InspectionMessages.fileBadType }]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(JSON.stringify(bodyOf(await upload(admin, 'x.gif', gif, 'image/gif')))).toContain(
      InspectionMessages.fileBadType,
    );
    expect(bodyOf(await upload(viewer, 'a.png', PNG, 'image/png')).state).toBe(267);
    expect(bodyOf(await upload(outsider, 'a.png', PNG, 'image/png')).state).toBe(267);
    expect(bodyOf(await upload(null, 'a.png', PNG, 'image/png')).state).toBe(266);
    const files = await t.db.selectFrom('inspection_files').select('id').execute();
    expect(files).toHaveLength(2);
  });

  it('adds a report; the server computes each flag from the range, whatever was sent', async () => {
    // TC 5.2 (at its upper bound), TG 1.71 (above), LDL-C 4.1 (above), HDL-C 0.9 (below).
    const body = lipids([5.2, 1.71, 4.1, 0.9], { fileIds: [pdfId, pngId] });
    body.items = body.items.map((i) => ({ ...i, flag: 'normal' }));
    const r = bodyOf<{ id: number }>(await post(InspectionPaths.add, body));
    expect(r.state).toBe(200);
    reportId = r.data.id;
    const detail = bodyOf<InspectionDetail>(await get(`${InspectionPaths.detail}?id=${reportId}`));
    expect(detail.data.items.map((i) => [i.code, i.value, i.flag])).toEqual([
      ['TC', 5.2, 'normal'],
      ['TG', 1.71, 'high'],
      ['LDL-C', 4.1, 'high'],
      ['HDL-C', 0.9, 'low'],
    ]);
    expect(detail.data).toMatchObject({
      memberName: '王秀英',
      memberPhone: '138****5678',
      highCount: 2,
      lowCount: 1,
      itemCount: 4,
      fileCount: 2,
      createdBy: '系统管理员',
    });
    expect(detail.data.items[3]).toMatchObject({ low: 1.0, high: null, unit: 'mmol/L' });
    expect(detail.data.files.map((f) => f.id)).toEqual([pdfId, pngId]);

    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'report')
      .where('action', '=', 'add')
      .executeTakeFirstOrThrow();
    expect(log.after_json).toContain('LDL-C 4.1 mmol/L↑');
    expect(log.after_json).toContain('138****5678');
    expect(log.after_json).not.toContain('13812345678');
  });

  it('flags a value below, at and above each bound of a two-sided range', async () => {
    const glucose = INSPECTION_TEMPLATES.glucose.items[0]!; // FPG 3.9–6.1
    const cases: [number, string][] = [
      [3.8, 'low'],
      [3.9, 'normal'],
      [5.0, 'normal'],
      [6.1, 'normal'],
      [6.2, 'high'],
    ];
    const r = bodyOf<{ id: number }>(
      await post(InspectionPaths.add, {
        ...lipids([]),
        title: '血糖检验报告',
        items: cases.map(([value]) => ({ ...glucose, value })),
      }),
    );
    expect(r.state).toBe(200);
    const detail = bodyOf<InspectionDetail>(await get(`${InspectionPaths.detail}?id=${r.data.id}`));
    expect(detail.data.items.map((i) => [i.value, i.flag])).toEqual(cases);
    // No bounds: always normal.
    const noRange = bodyOf<{ id: number }>(
      await post(InspectionPaths.add, {
        ...lipids([]),
        title: '其他',
        items: [{ name: '血沉', value: '120', low: '', high: '' }],
      }),
    );
    const free = bodyOf<InspectionDetail>(
      await get(`${InspectionPaths.detail}?id=${noRange.data.id}`),
    );
    expect(free.data.items[0]).toMatchObject({ value: 120, low: null, high: null, flag: 'normal' });
    await post(InspectionPaths.delete, { id: noRange.data.id });
  });

  it('refuses bad input with its Chinese messages, and changes nothing', async () => {
    const before = await t.db.selectFrom('inspections').select('id').execute();
    const empty = bodyOf(await post(InspectionPaths.add, {}));
    expect(empty.state).toBe(255);
    const text = JSON.stringify(empty);
    for (const m of [
      InspectionMessages.memberRequired,
      InspectionMessages.titleRequired,
      InspectionMessages.hospitalRequired,
      InspectionMessages.sampledAtRequired,
      InspectionMessages.reportedAtRequired,
      InspectionMessages.itemsRequired,
    ])
      expect(text).toContain(m);

    const items = bodyOf(
      await post(
        InspectionPaths.add,
        lipids([], {
          items: [
            { name: '', value: 1 },
            { name: 'A', value: '' },
            { name: 'B', value: 'abc' },
            { name: 'C', value: 1, low: 5, high: 3 },
            { name: 'D', value: 10_000_000 },
            { name: 'E', value: 1.23456 },
          ],
        }),
      ),
    );
    expect(errorsOf(items)).toEqual([
      { field: 'items.0.name', msg: InspectionMessages.itemNameRequired },
      { field: 'items.1.value', msg: InspectionMessages.valueRequired },
      { field: 'items.2.value', msg: '检验结果必须是数字' },
      { field: 'items.3.low', msg: InspectionMessages.rangeReversed },
      { field: 'items.4.value', msg: '检验结果应在-999999到999999之间' },
      { field: 'items.5.value', msg: '检验结果最多保留4位小数' },
    ]);

    const dates = bodyOf(
      await post(InspectionPaths.add, lipids([1, 1, 1, 1], { reportedAt: today - 2 * DAY_MS })),
    );
    expect(errorsOf(dates)).toEqual([
      { field: 'reportedAt', msg: InspectionMessages.reportedBeforeSampled },
    ]);
    const future = bodyOf(
      await post(
        InspectionPaths.add,
        lipids([1, 1, 1, 1], { sampledAt: today + DAY_MS, reportedAt: today + DAY_MS }),
      ),
    );
    expect(errorsOf(future)).toEqual([
      { field: 'sampledAt', msg: InspectionMessages.dateInFuture },
    ]);
    const noMember = bodyOf(
      await post(InspectionPaths.add, lipids([1, 1, 1, 1], { memberId: 99999 })),
    );
    expect(errorsOf(noMember)).toEqual([
      { field: 'memberId', msg: InspectionMessages.memberNotFound },
    ]);
    const strictId = bodyOf(
      await post(InspectionPaths.add, lipids([1, 1, 1, 1], { memberId: '1.0' })),
    );
    expect(strictId.state).toBe(255);
    const taken = bodyOf(
      await post(InspectionPaths.add, lipids([1, 1, 1, 1], { fileIds: [pdfId] })),
    );
    expect(errorsOf(taken)).toEqual([{ field: 'fileIds', msg: InspectionMessages.fileInUse }]);
    const tooMany = bodyOf(
      await post(
        InspectionPaths.add,
        lipids([1, 1, 1, 1], { fileIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }),
      ),
    );
    expect(JSON.stringify(tooMany)).toContain(InspectionMessages.tooManyFiles);
    const long = bodyOf(
      await post(InspectionPaths.add, lipids([1, 1, 1, 1], { title: '长'.repeat(51) })),
    );
    expect(JSON.stringify(long)).toContain('报告名称最多50个字符');

    expect(await t.db.selectFrom('inspections').select('id').execute()).toEqual(before);
  });

  it('edits a report: items and files replaced, flags computed again, before/after logged', async () => {
    const r = bodyOf(
      await post(InspectionPaths.update, {
        id: reportId,
        ...lipids([4.0, 1.2, 3.0, 1.3], { fileIds: [pngId], memberId: otherMemberId }),
      }),
    );
    expect(r.state).toBe(200);
    const detail = bodyOf<InspectionDetail>(await get(`${InspectionPaths.detail}?id=${reportId}`));
    expect(detail.data.items.every((i) => i.flag === 'normal')).toBe(true);
    expect(detail.data).toMatchObject({ highCount: 0, lowCount: 0, memberName: '李建国' });
    expect(detail.data.files.map((f) => f.id)).toEqual([pngId]);
    // The PDF no report holds any more is gone.
    expect(bodyOf(await get(`${InspectionPaths.file}?id=${pdfId}`)).state).toBe(255);

    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'report')
      .where('action', '=', 'edit')
      .executeTakeFirstOrThrow();
    expect(log.before_json).toContain('LDL-C 4.1 mmol/L↑');
    expect(log.after_json).toContain('LDL-C 3 mmol/L');
    expect(log.after_json).toContain('139****4321');

    const missing = bodyOf(
      await post(InspectionPaths.update, { id: 99999, ...lipids([1, 1, 1, 1]) }),
    );
    expect(missing.state).toBe(255);
    expect(missing.msg).toBe(InspectionMessages.notFound);
    // Back to the high LDL for the list filters below.
    await post(InspectionPaths.update, {
      id: reportId,
      ...lipids([5.0, 1.2, 4.1, 1.3], { fileIds: [pngId] }),
    });
  });

  it('lists by member phone fragment or name, title, abnormal, report date; sorts by report date', async () => {
    await post(
      InspectionPaths.add,
      lipids([4, 1, 2, 1.5], {
        memberId: otherMemberId,
        title: '体检血脂',
        sampledAt: today - 30 * DAY_MS,
        reportedAt: today - 29 * DAY_MS,
      }),
    );
    const list = (q: string) =>
      get(`${InspectionPaths.list}?${q}`).then((r) => bodyOf<Page<Inspection>>(r).data);
    const all = await list('');
    expect(all.list.map((i) => i.reportedAt)).toEqual(
      [...all.list.map((i) => i.reportedAt)].sort((a, b) => b - a),
    );
    const asc = await list('sortField=reportedAt&sortOrder=ascend');
    expect(asc.list[0]!.title).toBe('体检血脂');
    expect((await list('phone=5678')).list.every((i) => i.memberName === '王秀英')).toBe(true);
    expect((await list('name=建国')).list.map((i) => i.title)).toEqual(['体检血脂']);
    expect((await list('title=体检')).pagination.total).toBe(1);
    const abnormal = await list('abnormal=true');
    expect(abnormal.list.length).toBeGreaterThan(0);
    expect(abnormal.list.every((i) => i.highCount + i.lowCount > 0)).toBe(true);
    expect((await list('abnormal=false')).list.map((i) => i.title)).toEqual(['体检血脂']);
    const range = await list(`startTime=${today - 40 * DAY_MS}&endTime=${today - 20 * DAY_MS}`);
    expect(range.list.map((i) => i.title)).toEqual(['体检血脂']);
    expect(all.list.find((i) => i.id === reportId)).toMatchObject({
      memberPhone: '138****5678',
      highCount: 1,
      fileCount: 1,
    });
    const bad = bodyOf(await get(`${InspectionPaths.list}?phone=abc`));
    expect(bad.state).toBe(255);
    const reversed = bodyOf(await get(`${InspectionPaths.list}?startTime=10&endTime=5`));
    expect(JSON.stringify(reversed)).toContain('结束时间不能早于开始时间');

    const options = bodyOf<{ id: number; name: string; phone: string }[]>(
      await get(`${InspectionPaths.memberOptions}?keyword=1381`),
    );
    expect(options.data).toEqual([{ id: memberId, name: '王秀英', phone: '138****5678' }]);
  });

  it('exports the current filter with phones masked, and logs it', async () => {
    const response = await get(`${InspectionPaths.export}?abnormal=true&phone=138`);
    expect(response.statusCode).toBe(200);
    const rows = await exportRows(response);
    expect(rows[0]).toContain('报告名称');
    const text = JSON.stringify(rows);
    expect(text).toContain('138****5678');
    expect(text).not.toContain('13812345678');
    expect(text).toContain('LDL-C 4.1 mmol/L↑');
    expect(text).not.toContain('体检血脂');
    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'report')
      .where('action', '=', 'export')
      .executeTakeFirstOrThrow();
    expect(log.after_json).toContain('"abnormal":true');
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    const body = lipids([1, 1, 1, 1]);
    expect(bodyOf(await call(t, 'GET', InspectionPaths.list)).state).toBe(266);
    expect(bodyOf(await call(t, 'POST', InspectionPaths.add, { json: body })).state).toBe(266);
    expect(bodyOf(await get(InspectionPaths.list, outsider)).state).toBe(267);
    expect(bodyOf(await get(`${InspectionPaths.detail}?id=${reportId}`, outsider)).state).toBe(267);
    expect(bodyOf(await get(`${InspectionPaths.memberOptions}?keyword=138`, outsider)).state).toBe(
      267,
    );
    expect(bodyOf(await get(InspectionPaths.list, viewer)).state).toBe(200);
    expect(bodyOf(await post(InspectionPaths.add, body, viewer)).state).toBe(267);
    expect(bodyOf(await post(InspectionPaths.add, body, editor)).state).toBe(267);
    expect(
      bodyOf(await post(InspectionPaths.update, { id: reportId, ...body }, viewer)).state,
    ).toBe(267);
    expect(bodyOf(await post(InspectionPaths.delete, { id: reportId }, viewer)).state).toBe(267);
    expect(bodyOf(await post(InspectionPaths.delete, { id: reportId }, editor)).state).toBe(267);
    expect(bodyOf(await get(InspectionPaths.export, viewer)).state).toBe(267);
  });

  it('deletes a report with its items and files', async () => {
    const file = await t.db
      .selectFrom('inspection_files')
      .select('storage_key')
      .where('inspection_id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(bodyOf(await post(InspectionPaths.delete, { id: reportId })).state).toBe(200);
    expect(bodyOf(await get(`${InspectionPaths.detail}?id=${reportId}`)).msg).toBe(
      InspectionMessages.notFound,
    );
    const items = await t.db
      .selectFrom('inspection_items')
      .select('id')
      .where('inspection_id', '=', reportId)
      .execute();
    expect(items).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'uploads', ...file.storage_key.split('/')))).toBe(
      false,
    );
    expect(bodyOf(await post(InspectionPaths.delete, { id: 'x' })).state).toBe(255);
    const logs = await t.db
      .selectFrom('operation_logs')
      .select('before_json')
      .where('module', '=', 'report')
      .where('action', '=', 'delete')
      .execute();
    expect(logs.some((l) => l.before_json?.includes('LDL-C 4.1 mmol/L↑'))).toBe(true);
  });
});
