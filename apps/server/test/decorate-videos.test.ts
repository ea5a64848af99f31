import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Messages,
  PAGES,
  VIDEO_UPLOAD_MAX_BYTES,
  VideoMessages,
  VideoPaths,
  type Page,
  type PublicVideoList,
  type Video,
  type VideoUploadResult,
} from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4DurationSeconds, readMp4Movie } from '../src/modules/decorate/videos/mp4.js';
import { writeMp4 } from '../src/modules/decorate/videos/mp4-writer.js';
import { byteRangeOf } from '../src/platform/uploads.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bearer,
  bodyOf,
  call,
  createTestApp,
  createViewerAndOutsider,
  loginAdmin,
  loginViewers,
  SESSION_INVALID,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';

/* ---------------------------------------------------------------- a tiny MP4, box by box */

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4));
  return b;
}

const FTYP = box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isomiso2mp41'));

/** mvhd version 0 (32-bit times and duration) or 1 (64-bit), then the rest of its fields. */
function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const rest = Buffer.alloc(80); // rate, volume, reserved, matrix, pre_defined, next_track_ID
  if (version === 0) return box('mvhd', u32(0, 0, 0, timescale, duration), rest);
  // version/flags (4), creation (8), modification (8), timescale (4), duration (8).
  const v1 = Buffer.alloc(32);
  v1.writeUInt32BE(1 << 24, 0);
  v1.writeUInt32BE(timescale, 20);
  v1.writeBigUInt64BE(BigInt(duration), 24);
  return box('mvhd', v1, rest);
}

const mdat = (n: number) => box('mdat', Buffer.alloc(n, 0x11));

describe('MP4 duration from the movie header (mvhd)', () => {
  it('reads version 0: timescale and duration, rounded to whole seconds', () => {
    const file = Buffer.concat([FTYP, box('moov', mvhd(0, 600, 90_300)), mdat(64)]);
    expect(readMp4Movie(file)).toEqual({ timescale: 600, duration: 90_300 });
    expect(mp4DurationSeconds(readMp4Movie(file)!)).toBe(151); // 150.5 s
  });

  it('reads version 1 (64-bit) and a movie box after the media', () => {
    const long = 90_000 * 7_200; // two hours at 90 kHz: past 32 bits
    const file = Buffer.concat([FTYP, mdat(100), box('moov', mvhd(1, 90_000, long))]);
    expect(readMp4Movie(file)).toEqual({ timescale: 90_000, duration: long });
    expect(mp4DurationSeconds(readMp4Movie(file)!)).toBe(7_200);
  });

  it('takes a fragmented file’s duration from mvex/mehd, and says null when none is given', () => {
    const mehd = box('mehd', u32(0, 45_000));
    const fragmented = Buffer.concat([
      FTYP,
      box('moov', mvhd(0, 1_000, 0), box('mvex', mehd)),
      box('moof'),
    ]);
    expect(mp4DurationSeconds(readMp4Movie(fragmented)!)).toBe(45);
    const unknown = Buffer.concat([FTYP, box('moov', mvhd(0, 1_000, 0))]);
    expect(mp4DurationSeconds(readMp4Movie(unknown)!)).toBeNull();
    // Under half a second still counts as one.
    const short = Buffer.concat([FTYP, box('moov', mvhd(0, 1_000, 300))]);
    expect(mp4DurationSeconds(readMp4Movie(short)!)).toBe(1);
  });

  it('answers null without a readable movie header (none, cut short, zero timescale)', () => {
    expect(readMp4Movie(Buffer.concat([FTYP, mdat(10)]))).toBeNull();
    const whole = Buffer.concat([FTYP, box('moov', mvhd(0, 1_000, 5_000))]);
    expect(readMp4Movie(whole.subarray(0, whole.length - 20))).toBeNull();
    expect(readMp4Movie(Buffer.concat([FTYP, box('moov', mvhd(0, 0, 5_000))]))).toBeNull();
    expect(readMp4Movie(Buffer.from('not an mp4 at all'))).toBeNull();
  });

  it('reads the files the writer makes', () => {
    const rgb = new Uint8Array(32 * 16 * 3).fill(200);
    const file = writeMp4({ width: 32, height: 16, fps: 2, frameCount: 7, frame: () => rgb });
    expect(readMp4Movie(file)).toEqual({ timescale: 1000, duration: 3500 });
    expect(mp4DurationSeconds(readMp4Movie(file)!)).toBe(4);
  });
});

describe('byte ranges of a served video', () => {
  it('reads one range, a suffix and an open end; ignores several; refuses past the end', () => {
    expect(byteRangeOf('bytes=0-99', 1000)).toEqual([0, 99]);
    expect(byteRangeOf('bytes=900-', 1000)).toEqual([900, 999]);
    expect(byteRangeOf('bytes=-100', 1000)).toEqual([900, 999]);
    expect(byteRangeOf('bytes=990-2000', 1000)).toEqual([990, 999]);
    expect(byteRangeOf('bytes=0-1,5-6', 1000)).toBeNull();
    expect(byteRangeOf('bytes=50-10', 1000)).toBeNull();
    expect(byteRangeOf('items=0-1', 1000)).toBeNull();
    expect(byteRangeOf('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

/* ---------------------------------------------------------------- the API */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A real playable MP4: 3 seconds of a 48×32 picture whose bar moves. */
function realMp4(seconds = 3): Buffer {
  const w = 48;
  const h = 32;
  return writeMp4({
    width: w,
    height: h,
    fps: 2,
    frameCount: seconds * 2,
    frame: (i) => {
      const rgb = new Uint8Array(w * h * 3).fill(40);
      for (let x = 0; x < 8 * (i + 1) && x < w; x++)
        rgb.fill(230, (20 * w + x) * 3, (20 * w + x) * 3 + 3);
      return rgb;
    },
  });
}

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

const VIDEO = {
  title: '高血压患者的家庭自测血压方法',
  category: 'chronic',
  cover: 'https://cdn.example.com/covers/bp.png',
  url: 'https://cdn.example.com/videos/bp.mp4',
  durationS: 245,
  description: '正确的坐姿与袖带位置',
  sort: 3,
  enabled: true,
};

describe.each(databaseKinds)('health videos API on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let viewer: string;
  let outsider: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-videos-'));
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir } });
    await createViewerAndOutsider(t, [PAGES.decorateVideos]);
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewers(t));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const add = (json: unknown, token = admin) => call(t, 'POST', VideoPaths.add, { token, json });
  const list = (query: Record<string, unknown> = {}, token = admin) =>
    call(t, 'GET', VideoPaths.list, { token, query });
  const publicList = (query: Record<string, unknown> = {}) =>
    call(t, 'GET', VideoPaths.publicList, { query });
  const upload = (token: string | null, filename: string, content: Buffer, type = 'video/mp4') => {
    const { payload, headers } = multipart(filename, content, type);
    return t.app.inject({
      method: 'POST',
      url: t.api(VideoPaths.upload),
      headers: { ...headers, ...(token ? bearer(token) : {}) },
      payload,
    });
  };

  it('adds, reads, lists, updates and deletes a video, each change in the operation log', async () => {
    const created = bodyOf<{ id: number }>(await add({ ...VIDEO, title: ` ${VIDEO.title} ` }));
    expect(created.state).toBe(200);
    const id = created.data.id;

    const detail = bodyOf<Video>(
      await call(t, 'GET', VideoPaths.detail, { token: admin, query: { id } }),
    );
    expect(detail.data).toMatchObject({ id, ...VIDEO });
    expect(detail.data.createdAt).toBe(t.clock.now);

    // A form body works as well (every value as text).
    const second = bodyOf<{ id: number }>(
      await call(t, 'POST', VideoPaths.add, {
        token: admin,
        form: {
          title: '读懂心电图报告',
          category: 'heart',
          cover: '/uploads/images/202601/missing.png',
          url: 'https://cdn.example.com/videos/ecg.mp4',
          durationS: '276',
          sort: '1',
          enabled: '0',
        },
      }),
    );
    // The cover names an upload that is not stored: refused on its field.
    expect(second.state).toBe(255);
    expect((second as unknown as { data: FieldErrors }).data.errors).toEqual([
      { field: 'cover', msg: VideoMessages.coverMissing },
    ]);
    const heart = bodyOf<{ id: number }>(
      await call(t, 'POST', VideoPaths.add, {
        token: admin,
        form: {
          title: '读懂心电图报告',
          category: 'heart',
          cover: 'https://cdn.example.com/covers/ecg.png',
          url: 'https://cdn.example.com/videos/ecg.mp4',
          durationS: '276',
          sort: '1',
          enabled: '0',
        },
      }),
    );
    expect(heart.state).toBe(200);

    // By sort (1 before 3), filtered by keyword, category and status.
    const all = bodyOf<Page<Video>>(await list());
    expect(all.data.list.map((v) => v.id)).toEqual([heart.data.id, id]);
    expect(all.data.pagination.total).toBe(2);
    expect(bodyOf<Page<Video>>(await list({ keyword: '血压' })).data.list.map((v) => v.id)).toEqual(
      [id],
    );
    expect(
      bodyOf<Page<Video>>(await list({ category: 'heart' })).data.list.map((v) => v.id),
    ).toEqual([heart.data.id]);
    expect(bodyOf<Page<Video>>(await list({ enabled: '0' })).data.list.map((v) => v.id)).toEqual([
      heart.data.id,
    ]);

    const updated = await call(t, 'POST', VideoPaths.update, {
      token: admin,
      json: { ...VIDEO, id, title: '家庭自测血压', enabled: false, sort: 9 },
    });
    expect(bodyOf(updated)).toMatchObject({ state: 200, data: { id } });
    expect(
      bodyOf<Video>(await call(t, 'GET', VideoPaths.detail, { token: admin, query: { id } })).data,
    ).toMatchObject({ title: '家庭自测血压', enabled: false, sort: 9 });

    const deleted = await call(t, 'POST', VideoPaths.delete, {
      token: admin,
      form: { ids: `${id},${heart.data.id}` },
    });
    expect(bodyOf(deleted)).toMatchObject({ state: 200, data: { deleted: 2 } });
    const gone = bodyOf(await call(t, 'GET', VideoPaths.detail, { token: admin, query: { id } }));
    expect(gone).toEqual({ state: 255, msg: VideoMessages.notFound, data: null });
    expect(
      bodyOf(await call(t, 'POST', VideoPaths.delete, { token: admin, json: { ids: [id] } })),
    ).toMatchObject({ state: 255, msg: VideoMessages.notFound });

    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'target', 'before_json', 'after_json'])
      .where('module', '=', 'decorate')
      .where('target', 'like', '健康视频%')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'add', 'edit', 'delete', 'delete']);
    expect(JSON.parse(logs[2]!.before_json ?? '{}')).toMatchObject({ title: VIDEO.title, sort: 3 });
    expect(JSON.parse(logs[2]!.after_json ?? '{}')).toMatchObject({
      title: '家庭自测血压',
      enabled: false,
    });
  });

  it('refuses bad fields with their Chinese messages', async () => {
    const errorsOf = async (json: unknown) => {
      const body = bodyOf<FieldErrors>(await add(json));
      expect(body.state).toBe(255);
      return body;
    };
    const blank = await errorsOf({ ...VIDEO, title: '  ' });
    expect(blank.msg).toBe(VideoMessages.titleRequired);
    expect(blank.data.errors).toEqual([{ field: 'title', msg: VideoMessages.titleRequired }]);

    expect((await errorsOf({ ...VIDEO, title: '长'.repeat(41) })).data.errors).toEqual([
      { field: 'title', msg: '视频标题最多40个字符' },
    ]);
    expect((await errorsOf({ ...VIDEO, category: 'cooking' })).data.errors).toEqual([
      { field: 'category', msg: VideoMessages.categoryInvalid },
    ]);
    const { category: _c, ...noCategory } = VIDEO;
    void _c;
    expect((await errorsOf(noCategory)).data.errors).toEqual([
      { field: 'category', msg: VideoMessages.categoryRequired },
    ]);
    for (const url of [
      'http://cdn.example.com/a.mp4',
      'javascript:alert(1)',
      '/uploads/../x.mp4',
    ]) {
      expect((await errorsOf({ ...VIDEO, url })).data.errors).toEqual([
        { field: 'url', msg: VideoMessages.urlInvalid },
      ]);
    }
    expect(
      (await errorsOf({ ...VIDEO, url: '/uploads/videos/202601/abc.mp4' })).data.errors,
    ).toEqual([{ field: 'url', msg: VideoMessages.fileMissing }]);
    expect((await errorsOf({ ...VIDEO, cover: 'ftp://x/y.png' })).data.errors).toEqual([
      { field: 'cover', msg: '视频封面必须是上传的图片或 https 地址' },
    ]);
    for (const durationS of [0, 36_001, -5]) {
      expect((await errorsOf({ ...VIDEO, durationS })).data.errors).toEqual([
        { field: 'durationS', msg: VideoMessages.durationRange },
      ]);
    }
    expect((await errorsOf({ ...VIDEO, durationS: 12.5 })).data.errors).toEqual([
      { field: 'durationS', msg: VideoMessages.durationInteger },
    ]);
    const { durationS: _d, ...noDuration } = VIDEO;
    void _d;
    expect((await errorsOf(noDuration)).data.errors).toEqual([
      { field: 'durationS', msg: VideoMessages.durationRequired },
    ]);
    expect((await errorsOf({ ...VIDEO, sort: 10_000 })).data.errors).toEqual([
      { field: 'sort', msg: VideoMessages.sortRange },
    ]);
    expect((await errorsOf({ ...VIDEO, description: '字'.repeat(201) })).data.errors).toEqual([
      { field: 'description', msg: '视频简介最多200个字符' },
    ]);
    const badFilter = bodyOf<FieldErrors>(await list({ category: 'cooking' }));
    expect(badFilter.data.errors).toEqual([
      { field: 'category', msg: VideoMessages.categoryInvalid },
    ]);
    expect(await t.db.selectFrom('decorate_videos').select('id').execute()).toEqual([]);
  });

  it('takes only canonical integer ids', async () => {
    const { data } = bodyOf<{ id: number }>(await add(VIDEO));
    const id = data.id;
    for (const bad of ['1.0', '0x1', ' 1', '1e0', 'true', '-1']) {
      const detail = bodyOf<FieldErrors>(
        await call(t, 'GET', VideoPaths.detail, { token: admin, query: { id: bad } }),
      );
      expect(detail.state).toBe(255);
      expect(detail.data.errors[0]?.field).toBe('id');
    }
    for (const json of [{ ids: [true] }, { ids: [1.5] }, { ids: ['1e0'] }, { ids: `${id}.0` }]) {
      const body = bodyOf<FieldErrors>(
        await call(t, 'POST', VideoPaths.delete, { token: admin, json }),
      );
      expect(body.state).toBe(255);
    }
    const update = bodyOf<FieldErrors>(
      await call(t, 'POST', VideoPaths.update, { token: admin, json: { ...VIDEO, id: true } }),
    );
    expect(update.data.errors[0]?.field).toBe('id');
    expect(
      bodyOf<Video>(await call(t, 'GET', VideoPaths.detail, { token: admin, query: { id } })).data
        .id,
    ).toBe(id);
    await t.db.deleteFrom('decorate_videos').execute();
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    const noSession = [
      await call(t, 'GET', VideoPaths.list),
      await call(t, 'GET', VideoPaths.detail, { query: { id: 1 } }),
      await call(t, 'POST', VideoPaths.add, { json: VIDEO }),
      await call(t, 'POST', VideoPaths.update, { json: { ...VIDEO, id: 1 } }),
      await call(t, 'POST', VideoPaths.delete, { form: { ids: '1' } }),
      await upload(null, 'a.mp4', realMp4()),
    ];
    for (const answer of noSession) expect(bodyOf(answer)).toEqual(SESSION_INVALID);

    const noPermission = { state: 267, msg: Messages.noPermission, data: null };
    expect(bodyOf(await list({}, outsider))).toEqual(noPermission);
    expect(
      bodyOf(await call(t, 'GET', VideoPaths.detail, { token: outsider, query: { id: 1 } })),
    ).toEqual(noPermission);
    // The page without its actions: reading works, changes and uploads do not.
    expect(bodyOf(await list({}, viewer)).state).toBe(200);
    expect(bodyOf(await add(VIDEO, viewer))).toEqual(noPermission);
    expect(
      bodyOf(
        await call(t, 'POST', VideoPaths.update, { token: viewer, json: { ...VIDEO, id: 1 } }),
      ),
    ).toEqual(noPermission);
    expect(
      bodyOf(await call(t, 'POST', VideoPaths.delete, { token: viewer, form: { ids: '1' } })),
    ).toEqual(noPermission);
    expect(bodyOf(await upload(viewer, 'a.mp4', realMp4()))).toEqual(noPermission);
    expect(bodyOf(await upload(outsider, 'a.mp4', realMp4()))).toEqual(noPermission);
  });

  it('takes an MP4 by its content, answers its duration and serves it in ranges', async () => {
    const mp4 = realMp4(3);
    const body = bodyOf<VideoUploadResult>(await upload(admin, '血压测量.mp4', mp4));
    expect(body).toMatchObject({ state: 200, msg: VideoMessages.uploaded });
    expect(body.data).toEqual({
      url: expect.stringMatching(/^\/uploads\/videos\/\d{6}\/[0-9a-f]{32}\.mp4$/),
      size: mp4.length,
      durationS: 3,
    });

    const whole = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: body.data.url,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const past = await t.app.inject({
      method: 'GET',
      url: body.data.url,
      headers: { range: `bytes=${mp4.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/videos/202601/none.mp4' })).statusCode,
    ).toBe(404);

    // Recorded: the upload row and the operation log.
    const key = body.data.url.slice('/uploads/'.length);
    const row = await t.db
      .selectFrom('uploads')
      .select(['mime', 'size', 'original_name'])
      .where('storage_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'video/mp4', original_name: '血压测量.mp4' });
    expect(Number(row.size)).toBe(mp4.length);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['after_json'])
      .where('module', '=', 'decorate')
      .where('action', '=', 'upload')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ storageKey: key, durationS: 3 });

    // The uploaded address is a video's address.
    const added = bodyOf<{ id: number }>(await add({ ...VIDEO, url: body.data.url, durationS: 3 }));
    expect(added.state).toBe(200);
    await t.db.deleteFrom('decorate_videos').execute();
  });

  it('refuses what is not an MP4, an MP4 without its movie header, no file, and too large a body', async () => {
    const refusal = (msg: string) => ({
      state: 255,
      msg,
      data: { errors: [{ field: 'file', msg }] },
    });
    // A PNG named .mp4, sent as video/mp4: judged by its bytes.
    expect(bodyOf(await upload(admin, 'fake.mp4', PNG))).toEqual(refusal(VideoMessages.badType));
    expect(bodyOf(await upload(admin, 'notes.mp4', Buffer.from('just some text')))).toEqual(
      refusal(VideoMessages.badType),
    );
    // A QuickTime movie is not an MP4.
    const mov = Buffer.concat([
      box('ftyp', Buffer.from('qt  '), u32(0), Buffer.from('qt  ')),
      mdat(32),
    ]);
    expect(bodyOf(await upload(admin, 'clip.mov', mov))).toEqual(refusal(VideoMessages.badType));
    // An MP4 cut before its movie box.
    const cut = Buffer.concat([FTYP, mdat(500)]);
    expect(bodyOf(await upload(admin, 'cut.mp4', cut))).toEqual(refusal(VideoMessages.unreadable));

    const none = await t.app.inject({
      method: 'POST',
      url: t.api(VideoPaths.upload),
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: {},
    });
    expect(bodyOf(none)).toEqual(refusal(VideoMessages.fileRequired));

    // A body that declares more than the limit is refused before it is read.
    const { payload, headers } = multipart('big.mp4', realMp4(), 'video/mp4');
    const big = await t.app.inject({
      method: 'POST',
      url: t.api(VideoPaths.upload),
      headers: {
        ...headers,
        ...bearer(admin),
        'content-length': String(VIDEO_UPLOAD_MAX_BYTES + 1024 * 1024),
      },
      payload,
    });
    expect(bodyOf(big)).toEqual(refusal(VideoMessages.tooLarge));
    const uploads = await t.db.selectFrom('uploads').select('mime').execute();
    expect(uploads.map((u) => u.mime)).toEqual(['video/mp4']);
  });

  it('lists enabled videos publicly, by sort and category, never a disabled one', async () => {
    const ids: Record<string, number> = {};
    const videos = [
      { key: 'bp', title: '自测血压', category: 'chronic', sort: 2 },
      { key: 'sugar', title: '血糖监测', category: 'chronic', sort: 1 },
      { key: 'ecg', title: '心电图报告', category: 'heart', sort: 5 },
      { key: 'afib', title: '房颤注意事项', category: 'heart', sort: 0, enabled: false },
      { key: 'salt', title: '控盐做法', category: 'diet', sort: 3, enabled: false },
    ];
    for (const v of videos) {
      const body = bodyOf<{ id: number }>(
        await add({ ...VIDEO, ...v, enabled: v.enabled ?? true }),
      );
      expect(body.state).toBe(200);
      ids[v.key] = body.data.id;
    }
    const all = await publicList();
    expect(all.statusCode).toBe(200);
    const data = bodyOf<PublicVideoList>(all).data;
    expect(data.list.map((v) => v.title)).toEqual(['血糖监测', '自测血压', '心电图报告']);
    expect(data.categories).toEqual([
      { key: 'chronic', label: '慢病管理', count: 2 },
      { key: 'heart', label: '心脏健康', count: 1 },
    ]);
    // Nothing of the back office: no status, sort or times.
    expect(Object.keys(data.list[0]!).sort()).toEqual(
      ['category', 'cover', 'description', 'durationS', 'id', 'title', 'url'].sort(),
    );
    expect(
      bodyOf<PublicVideoList>(await publicList({ category: 'heart' })).data.list.map(
        (v) => v.title,
      ),
    ).toEqual(['心电图报告']);
    expect(bodyOf<PublicVideoList>(await publicList({ category: 'diet' })).data.list).toEqual([]);
    expect(bodyOf<FieldErrors>(await publicList({ category: 'cooking' })).data.errors).toEqual([
      { field: 'category', msg: VideoMessages.categoryInvalid },
    ]);

    // Switched off: gone from the public list at once; switched on: back.
    await call(t, 'POST', VideoPaths.update, {
      token: admin,
      json: { ...VIDEO, ...videos[2], enabled: false, id: ids.ecg },
    });
    const after = bodyOf<PublicVideoList>(await publicList()).data;
    expect(after.list.map((v) => v.id)).not.toContain(ids.ecg);
    expect(after.list.map((v) => v.id)).not.toContain(ids.afib);
    expect(after.categories.map((c) => c.key)).toEqual(['chronic']);
    expect(bodyOf<PublicVideoList>(await publicList({ category: 'heart' })).data.list).toEqual([]);
    await t.db.deleteFrom('decorate_videos').execute();
  });
});

describe.each(databaseKinds)('public video list rate limit on %s', (kind) => {
  it('answers the 429 envelope past the per-IP limit of the public endpoints', async () => {
    const t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await call(t, 'GET', VideoPaths.publicList)).statusCode).toBe(200);
      }
      const limited = await call(t, 'GET', VideoPaths.publicList);
      expect(limited.statusCode).toBe(429);
      expect(bodyOf(limited)).toEqual({ state: 429, msg: '请求过于频繁，请稍后再试', data: null });
    } finally {
      await t.close();
    }
  });
});
