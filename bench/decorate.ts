/**
 * `npm run bench:decorate`: the performance targets of 装修 (issue 33), each printed beside its
 * target and the project's 30 % margin. The built server on a fresh demo database (DEMO_SCALE 0.1,
 * as the e2e servers), then:
 *  1. the app's home page, GET /api/v3/decorate/common/page/home — the demo's enabled 居家健康首页
 *     (every component; the output says how many blocks) — at 50 connections (autocannon, 10 s after
 *     a warm-up): ≥ 0.5 × GET /healthz's req/s in the same run with the same settings (/healthz is
 *     measured before and after the home page; the ratio is to their mean), ≥ 0.65 with the
 *     margin; the home page's p99 and its req/s with If-None-Match (304, no body) are printed;
 *  2. publishing a 100-block page through the admin API (add, saveDraft of a document built with
 *     the contract's newBlock: titles, notices, goods lists of the newest goods, search bars,
 *     blanks, links none), 20 rounds after an untimed one, each a new draft revision (one title
 *     changed and saved) and then the publish call alone timed: p95 < 200 ms (≤ 140 ms with the
 *     margin);
 *  3. the builder on that page in Chromium (playwright-core, the e2e flags, 1440×900, logged in
 *     as the administrator):
 *     - 5 drags of phone blocks by their handle (`.deco-canvas-block .deco-drag-handle`, shown
 *       while the pointer is over the block), 30 pointer moves each (page.mouse, sent back to
 *       back: Chromium hands them to the page one a frame, as a mouse's): the
 *       requestAnimationFrame deltas in the page from the press to the last move (the pick-up
 *       included), p95 < 17 ms (every frame of a 60 Hz display). The idle page's frames are
 *       measured the same way beside it: a headless Chromium on a small machine may miss 60 fps
 *       with nothing to do, and then the drag is judged against idle (its p95 ≤ idle's × 17 / 16.7).
 *       A frame time is quantised to the display's 16.7 ms, so the margin is not "70 % of 17 ms"
 *       (90 fps) but the same drags with the page's CPU slowed 1 / 0.7 × (DevTools' CPU
 *       throttling): they must hold the target too. Drags by the outline's handle are printed;
 *     - undo, two kinds in turn, 20 rounds each: the first block deleted from its toolbar (undo
 *       puts it back and every block below moves: the most an undo changes on screen), and the
 *       first block's title changed in the settings (undo changes one block); 撤销 clicked, from
 *       the click event to the DOM showing it undone (a MutationObserver on the phone) and to the
 *       next frame: p95 (to the frame) < 50 ms (≤ 35 ms with the margin) for each. BENCH_PROFILE=
 *       <file.cpuprofile> writes the page's CPU profile of the undo rounds;
 *  4. the builder's JavaScript, from Vite's manifest: its route chunk, what it loads beyond the
 *     shell, and each 装修 page's own chunks (≤ 100 KB gzip, the budget `npm run bench -- --sizes`
 *     holds every lazy page to; that check covers /login and the landing).
 * Exits non-zero when a target is missed or met without its margin.
 *
 *   npm run bench:decorate [-- --seconds 10 --rounds 20 --drags 5 --only home,publish,builder,sizes]
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import {
  DecoratePagePaths,
  DecoratePublicPaths,
  PAGES,
  emptyDocument,
  newBlock,
  type PageBlock,
  type PageDocument,
  type PublicPage,
} from '@health/contract';
import { newPage, settled } from '../e2e/support/browser.ts';
import { ADMIN, startWithAdmin, submitLogin } from '../e2e/support/flows.ts';
import { BENCH_PASSWORD, login } from './admin.ts';
import { ensureBuilt } from './build.ts';
import { saturate, type LoadResult } from './load.ts';
import { pageChunk, pageOwnSizes } from './page-sizes.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '20' },
    drags: { type: 'string', default: '5' },
    /** Some parts only, e.g. `--only home` (home, publish, builder, sizes; builder publishes too). */
    only: { type: 'string', default: 'home,publish,builder,sizes' },
  },
});
const PARTS = new Set(args.only.split(','));
const DURATION_S = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const DRAGS = Number(args.drags);
const CONNECTIONS = 50;
const BLOCKS = 100;
/** Pointer moves of one drag (one a frame) and how far it goes (px, down the page). */
const DRAG_STEPS = 30;
const DRAG_PX = 240;
const MARGIN = 0.3;
const TARGET = {
  homeRatio: 0.5,
  publishP95Ms: 200,
  frameP95Ms: 17,
  undoP95Ms: 50,
  pageOwnKb: 100,
};
/** A frame of a 60 Hz display. */
const FRAME_MS = 1000 / 60;
/** The CPU slowdown the margin is measured at: 30 % less CPU for the same work. */
const MARGIN_SLOWDOWN = 1 / (1 - MARGIN);
const BUILDER_SRC = 'decorate/pages/PageBuilderPage.tsx';

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

type Verdict = 'OK' | 'NO MARGIN' | 'MISSED';
/** At most `target`, with the margin at most `limit`. */
const atMost = (value: number, target: number, limit: number): Verdict =>
  value <= limit ? 'OK' : value <= target ? 'NO MARGIN' : 'MISSED';

interface Row {
  metric: string;
  measured: string;
  target: string;
  'with 30 % margin': string;
  verdict: Verdict | '';
}
const summary: Row[] = [];

/* ------------------------------------------------------------------ the admin API */

interface Envelope<T> {
  state: number;
  msg: string;
  data: T;
}

function adminApi(url: string, token: string) {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${url}/api${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const body = (await res.json()) as Envelope<T>;
    if (body.state !== 200)
      throw new Error(`${path}: ${body.state} ${body.msg} ${JSON.stringify(body.data ?? '')}`);
    return body.data;
  };
  return {
    get: <T>(path: string) => call<T>(path),
    post: <T>(path: string, body: unknown) =>
      call<T>(path, { method: 'POST', body: JSON.stringify(body) }),
  };
}

/**
 * A page of `BLOCKS` blocks that passes the publish checks: titles, notices, goods lists (the
 * newest goods), search bars and blanks, in turn; no images, every link `none`. `round` goes into
 * the first title, so each round is a new draft.
 */
function benchDocument(round: number): PageDocument {
  const doc = emptyDocument('压测首页');
  for (let i = 0; i < BLOCKS; i++) {
    const id = `bench${String(i).padStart(3, '0')}`;
    const n = Math.floor(i / 5) + 1;
    let block: PageBlock;
    switch (i % 5) {
      case 0: {
        const b = newBlock('title', id);
        b.props.text = i === 0 ? `今日推荐 第${round}轮` : `第${n}组 健康好物`;
        b.props.subtitle = '为您精选';
        block = b;
        break;
      }
      case 1: {
        const b = newBlock('notice', id);
        b.props.text = `第${n}条公告：本周六社区义诊，欢迎预约。`;
        block = b;
        break;
      }
      case 2: {
        const b = newBlock('goodsList', id);
        b.props.title = `新品上架 ${n}`;
        b.props.source = 'newest';
        block = b;
        break;
      }
      case 3: {
        const b = newBlock('search', id);
        b.props.placeholder = '搜索商品、服务';
        block = b;
        break;
      }
      default: {
        const b = newBlock('blank', id);
        b.props.divider = true;
        block = b;
      }
    }
    doc.content.push(block);
  }
  return doc;
}

/* ------------------------------------------------------------------ 1. the home page */

async function homePart(url: string): Promise<void> {
  const homeUrl = `${url}/api${DecoratePublicPaths.home}`;
  const res = await fetch(homeUrl);
  const etag = res.headers.get('etag') ?? '';
  const text = await res.text();
  const home = (JSON.parse(text) as Envelope<PublicPage>).data;
  const types = new Set(home.document.content.map((b) => b.type));
  console.log(
    `\nThe enabled home page: ${home.name}, version ${home.version}, ${home.document.content.length} blocks of ${types.size} kinds (${[...types].join(', ')}), ${(text.length / 1024).toFixed(1)} KB of JSON, records for ${Object.keys(home.records).length} blocks`,
  );
  const again = await fetch(homeUrl, { headers: { 'if-none-match': etag } });
  await again.body?.cancel();
  if (again.status !== 304) throw new Error(`If-None-Match ${etag}: ${again.status}, not 304`);

  const health = { url: `${url}/healthz` };
  const rows: LoadResult[] = [];
  rows.push(await saturate('GET /healthz (before)', health, CONNECTIONS, DURATION_S));
  rows.push(await saturate('GET home page', { url: homeUrl }, CONNECTIONS, DURATION_S));
  rows.push(
    await saturate(
      'GET home page, If-None-Match (304)',
      { url: homeUrl, headers: { 'if-none-match': etag } },
      CONNECTIONS,
      DURATION_S,
    ),
  );
  rows.push(await saturate('GET /healthz (after)', health, CONNECTIONS, DURATION_S));
  const [before, page, notModified, after] = rows as [
    LoadResult,
    LoadResult,
    LoadResult,
    LoadResult,
  ];
  const healthRps = (before.rps + after.rps) / 2;
  console.log(`\nLoad (${CONNECTIONS} connections, ${DURATION_S} s each after a warm-up)`);
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'non-2xx': r.non2xx,
      'ratio to healthz': (r.rps / healthRps).toFixed(2),
    })),
  );
  const ratio = page.rps / healthRps;
  const limit = TARGET.homeRatio * (1 + MARGIN);
  summary.push({
    metric: `home page req/s ÷ /healthz's (${Math.round(page.rps)} ÷ ${Math.round(healthRps)}); p99 ${page.p99} ms`,
    measured: ratio.toFixed(2),
    target: `≥ ${TARGET.homeRatio}`,
    'with 30 % margin': `≥ ${limit.toFixed(2)}`,
    verdict: ratio >= limit ? 'OK' : ratio >= TARGET.homeRatio ? 'NO MARGIN' : 'MISSED',
  });
  summary.push({
    metric: `home page with If-None-Match (304s) req/s; p99 ${notModified.p99} ms`,
    measured: `${Math.round(notModified.rps)} (${(notModified.rps / healthRps).toFixed(2)} × /healthz)`,
    target: '(printed)',
    'with 30 % margin': '',
    verdict: '',
  });
  if (page.non2xx > 0) throw new Error(`the home page answered ${page.non2xx} non-2xx`);
  // Every answer of the If-None-Match run is a 304: autocannon counts them as non-2xx.
  if (notModified.non2xx === 0) throw new Error('the If-None-Match run got no 304');
}

/* ------------------------------------------------------------------ 2. publishing */

async function publishPart(url: string, token: string): Promise<number> {
  const api = adminApi(url, token);
  const { id } = await api.post<{ id: number }>(DecoratePagePaths.add, {
    kind: 'home',
    name: `压测 ${BLOCKS} 组件`,
  });
  let { revision } = await api.get<{ revision: number }>(`${DecoratePagePaths.detail}?id=${id}`);
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    ({ revision } = await api.post<{ revision: number }>(DecoratePagePaths.saveDraft, {
      id,
      revision,
      document: benchDocument(round),
    }));
    const began = performance.now();
    await api.post<{ version: number }>(DecoratePagePaths.publish, {
      id,
      revision,
      note: `压测第${round}轮`,
    });
    // Round 0 is the warm-up (untimed).
    if (round > 0) times.push(performance.now() - began);
  }
  const p95 = percentile(times, 95);
  const limit = TARGET.publishP95Ms * (1 - MARGIN);
  console.log(
    `\nPublish of the ${BLOCKS}-block page ${id}, ${times.length} rounds: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  summary.push({
    metric: `publish a ${BLOCKS}-block page, p95 of ${times.length} (p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))})`,
    measured: ms(p95),
    target: `< ${TARGET.publishP95Ms} ms`,
    'with 30 % margin': `≤ ${limit} ms`,
    verdict: atMost(p95, TARGET.publishP95Ms, limit),
  });
  return id;
}

/* ------------------------------------------------------------------ 3. the builder */

interface FrameState {
  deltas: number[];
  /** Pointer moves the page received during each frame's interval. */
  moves: number[];
  on: boolean;
}
type BenchWindow = Window & { __frames?: FrameState };

/** Start collecting requestAnimationFrame deltas (and the pointer moves between) in the page. */
const startFrames = (page: Page) =>
  page.evaluate(() => {
    const state: FrameState = { deltas: [], moves: [], on: true };
    (window as BenchWindow).__frames = state;
    let last = -1;
    let moves = 0;
    const onMove = () => {
      moves++;
    };
    window.addEventListener('pointermove', onMove, { capture: true });
    const tick = (ts: number) => {
      if (!state.on) {
        window.removeEventListener('pointermove', onMove, { capture: true });
        return;
      }
      if (last >= 0) {
        state.deltas.push(ts - last);
        state.moves.push(moves);
      }
      moves = 0;
      last = ts;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const state = (window as BenchWindow).__frames!;
    state.on = false;
    return { deltas: state.deltas, moves: state.moves };
  });

const blockOrder = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.deco-canvas > .deco-canvas-block')).map(
      (e) => e.getAttribute('data-block-id') ?? '',
    ),
  );

/** The idle page's frame deltas over `msLong`, the pointer still. */
async function idleFrames(page: Page, msLong: number): Promise<number[]> {
  await startFrames(page);
  await page.waitForTimeout(msLong);
  return (await stopFrames(page)).deltas;
}

/**
 * One drag by the handle of `item` (a phone block or an outline row): pressed, DRAG_STEPS moves
 * of the pointer down DRAG_PX (sent back to back: Chromium hands the page one a frame, as a
 * mouse's), then released. The frame deltas from the press to the last move, and the pointer
 * moves each frame received; the longest frame of the drop.
 */
async function dragOnce(page: Page, item: Locator): Promise<DragResult> {
  // The block in the middle of the window: the drag stays clear of the edges, where dnd-kit
  // would scroll the page. A phone block shows its handle while the pointer is over it.
  await item.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  await item.hover();
  const handle = item.locator('.deco-drag-handle');
  await handle.waitFor({ state: 'visible' });
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const before = await blockOrder(page);
  await page.mouse.move(x, y);
  await page.waitForTimeout(200);
  await startFrames(page);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_STEPS; i++) await page.mouse.move(x, y + (DRAG_PX * i) / DRAG_STEPS);
  const during = await stopFrames(page);
  await startFrames(page);
  await page.mouse.up();
  await page.waitForTimeout(500);
  const drop = await stopFrames(page);
  const moved = (await blockOrder(page)).join() !== before.join();
  // The drop saves itself 3 s later: wait for it, so the next drag does not share a frame with it.
  if (moved) await page.getByTestId('save-status').getByText('已保存').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  return {
    deltas: during.deltas,
    moves: during.moves,
    dropMs: [Math.max(...drop.deltas)],
    moved: moved ? 1 : 0,
  };
}

interface DragResult {
  deltas: number[];
  moves: number[];
  dropMs: number[];
  moved: number;
}

async function drags(page: Page, itemOf: (i: number) => Locator): Promise<DragResult> {
  const result: DragResult = { deltas: [], moves: [], dropMs: [], moved: 0 };
  for (let d = 0; d < DRAGS; d++) {
    // Blocks spread over the page (each a different kind in turn).
    const one = await dragOnce(page, itemOf(10 + ((d * 17) % 80)));
    result.deltas.push(...one.deltas);
    result.moves.push(...one.moves);
    result.dropMs.push(...one.dropMs);
    result.moved += one.moved;
  }
  if (result.moved === 0) throw new Error('no drag moved a block: the drag did not take');
  return result;
}

interface UndoTiming {
  dom: number;
  frame: number;
}

/** When the phone shows the undone change: the block count back, or a block's text back. */
type Undone = { blocks: number } | { block: number; text: string };

/**
 * Click 撤销 and time it in the page: from the click event to the DOM showing `undone` (a
 * MutationObserver on the phone) and to the next frame (the one that draws it).
 */
async function clickUndo(page: Page, undone: Undone): Promise<UndoTiming> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __undo?: Promise<UndoTiming> };
    w.__undo = new Promise<UndoTiming>((resolve) => {
      let clickAt = -1;
      document.addEventListener(
        'click',
        (e) => {
          clickAt = e.timeStamp;
        },
        { capture: true, once: true },
      );
      const canvas = document.querySelector('.deco-canvas')!;
      const blocks = () => canvas.querySelectorAll(':scope > .deco-canvas-block');
      const done = () =>
        'blocks' in wanted
          ? blocks().length === wanted.blocks
          : (blocks()[wanted.block]?.textContent ?? '').includes(wanted.text);
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        const domAt = performance.now();
        requestAnimationFrame(() =>
          resolve({ dom: domAt - clickAt, frame: performance.now() - clickAt }),
        );
      });
      observer.observe(canvas, { childList: true, subtree: true, characterData: true });
    });
  }, undone);
  await page.getByRole('button', { name: '撤销' }).click();
  return page.evaluate(() => (window as unknown as { __undo: Promise<UndoTiming> }).__undo);
}

const canvasBlocks = (page: Page) => page.locator('.deco-canvas > .deco-canvas-block');

/** Delete the first block from its toolbar, then undo: every block below it moves back. */
async function undoDelete(page: Page): Promise<UndoTiming> {
  await canvasBlocks(page).first().click();
  await page.locator('.deco-block-toolbar').getByRole('button', { name: '删除' }).click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.deco-canvas > .deco-canvas-block').length === n,
    BLOCKS - 1,
  );
  await page.waitForTimeout(300);
  return clickUndo(page, { blocks: BLOCKS });
}

/** Change the first block's title in the settings, then undo: one block changes back. */
async function undoEdit(page: Page, round: number): Promise<UndoTiming> {
  const first = canvasBlocks(page).first();
  await first.click();
  const before = (await first.locator('.deco-canvas-block-body').textContent()) ?? '';
  const title = page.getByTestId('builder-settings').getByRole('textbox', { name: '标题' }).first();
  const was = await title.inputValue();
  if (!before.includes(was)) throw new Error(`the first block does not show its title "${was}"`);
  const text = `改标题第${round}次`;
  await title.fill(text);
  await first.getByText(text).waitFor();
  await page.waitForTimeout(300);
  return clickUndo(page, { block: 0, text: was });
}

async function builderPart(page: Page, pageId: number, consoleErrors: string[]): Promise<void> {
  await page.goto(`${PAGES.decoratePageEdit}?id=${pageId}`);
  // Editable (the lock taken): every block has its handle.
  await page.waitForFunction(
    (n) => document.querySelectorAll('.deco-canvas-block .deco-drag-handle').length === n,
    BLOCKS,
    { timeout: 30_000 },
  );
  await settled(page);
  await page.mouse.move(5, 300);
  await page.waitForTimeout(1000);

  const canvasBlock = (i: number) => page.locator('.deco-canvas > .deco-canvas-block').nth(i);
  const outlineRow = (i: number) => page.getByTestId('outline-row').nth(i);

  console.log(`\nThe builder on page ${pageId} (${BLOCKS} blocks): idle frames, ${DRAGS} drags…`);
  const idle = await idleFrames(page, 3000);
  const canvas = await drags(page, canvasBlock);
  const outline = await drags(page, outlineRow);
  const idleAfter = await idleFrames(page, 3000);

  // The margin: the same at 1 / 0.7 × slower CPU.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MARGIN_SLOWDOWN });
  const idleSlow = await idleFrames(page, 3000);
  const canvasSlow = await drags(page, canvasBlock);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();

  console.log(`undo, ${ROUNDS} rounds of each kind…`);
  const undos: UndoTiming[] = [];
  const edits: UndoTiming[] = [];
  // Warm-ups.
  await undoDelete(page);
  await undoEdit(page, 0);
  // BENCH_PROFILE=<file.cpuprofile>: the page's CPU profile of the undo rounds (DevTools opens it).
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.send('Profiler.start');
  }
  for (let r = 0; r < ROUNDS; r++) {
    undos.push(await undoDelete(page));
    edits.push(await undoEdit(page, r + 1));
  }
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    await profiler.detach();
  }

  const idleAll = [...idle, ...idleAfter];
  const frameRow = (name: string, deltas: number[], idleDeltas: number[], drag?: DragResult) => ({
    measurement: name,
    frames: deltas.length,
    'with a pointer move': drag ? drag.moves.filter((m) => m > 0).length : '',
    'p50 ms': percentile(deltas, 50).toFixed(1),
    'p95 ms': percentile(deltas, 95).toFixed(1),
    'p99 ms': percentile(deltas, 99).toFixed(1),
    'max ms': Math.max(...deltas).toFixed(1),
    'over 1.5 frames': deltas.filter((d) => d > 1.5 * FRAME_MS).length,
    'p95 ÷ idle p95': (percentile(deltas, 95) / percentile(idleDeltas, 95)).toFixed(2),
    'drop (longest frame) ms': drag ? drag.dropMs.map((d) => d.toFixed(0)).join(', ') : '',
  });
  console.log(
    `\nFrame times (requestAnimationFrame deltas; a 60 Hz frame is ${FRAME_MS.toFixed(1)} ms)`,
  );
  console.table([
    frameRow('idle page (before and after the drags)', idleAll, idleAll),
    frameRow(
      `drag by the phone block's handle (${canvas.moved}/${DRAGS} moved)`,
      canvas.deltas,
      idleAll,
      canvas,
    ),
    frameRow(
      `drag by the outline row's handle (${outline.moved}/${DRAGS} moved)`,
      outline.deltas,
      idleAll,
      outline,
    ),
    frameRow(`idle, CPU ${MARGIN_SLOWDOWN.toFixed(2)} × slower`, idleSlow, idleSlow),
    frameRow(
      `drag by the phone block's handle, CPU ${MARGIN_SLOWDOWN.toFixed(2)} × slower`,
      canvasSlow.deltas,
      idleSlow,
      canvasSlow,
    ),
  ]);

  // The frame target: 17 ms; if the idle page itself misses it, relative to idle.
  const frameJudge = (deltas: number[], idleDeltas: number[]) => {
    const p95 = percentile(deltas, 95);
    const idleP95 = percentile(idleDeltas, 95);
    const limit =
      idleP95 <= TARGET.frameP95Ms ? TARGET.frameP95Ms : idleP95 * (TARGET.frameP95Ms / FRAME_MS);
    return { p95, idleP95, limit, ok: p95 <= limit };
  };
  const normal = frameJudge(canvas.deltas, idleAll);
  const slow = frameJudge(canvasSlow.deltas, idleSlow);
  const relative = (j: { idleP95: number }) => j.idleP95 > TARGET.frameP95Ms;
  summary.push({
    metric: `drag in the builder: frame p95 (${DRAGS} drags × ${DRAG_STEPS} moves; idle p95 ${ms(normal.idleP95)})`,
    measured: ms(normal.p95),
    target: relative(normal)
      ? `≤ ${ms(normal.limit)} (idle misses 60 fps: idle × 17 / 16.7)`
      : `< ${TARGET.frameP95Ms} ms`,
    'with 30 % margin': `the same at ${MARGIN_SLOWDOWN.toFixed(2)} × slower CPU: ${ms(slow.p95)} (limit ${ms(slow.limit)})`,
    verdict: normal.ok ? (slow.ok ? 'OK' : 'NO MARGIN') : 'MISSED',
  });

  const undoLimit = TARGET.undoP95Ms * (1 - MARGIN);
  for (const [what, rounds] of [
    ['a deleted first block (every block below moves back)', undos],
    ["the first block's title changed in the settings", edits],
  ] as const) {
    const dom = rounds.map((u) => u.dom);
    const frame = rounds.map((u) => u.frame);
    const p95 = percentile(frame, 95);
    console.log(
      `\nUndo of ${what}, ${rounds.length} rounds: click → DOM ${dom.map((v) => v.toFixed(0)).join(', ')} ms; click → next frame ${frame.map((v) => v.toFixed(0)).join(', ')} ms`,
    );
    summary.push({
      metric: `undo of ${what}: click 撤销 → the next frame, p95 of ${rounds.length} (→ DOM: p50 ${ms(percentile(dom, 50))}, p95 ${ms(percentile(dom, 95))})`,
      measured: ms(p95),
      target: `< ${TARGET.undoP95Ms} ms`,
      'with 30 % margin': `≤ ${undoLimit} ms`,
      verdict: atMost(p95, TARGET.undoP95Ms, undoLimit),
    });
  }
  if (consoleErrors.length > 0)
    console.log(`console errors on the page:\n${consoleErrors.join('\n')}`);
}

/* ------------------------------------------------------------------ 4. sizes */

function sizePart(): void {
  const builder = pageChunk(BUILDER_SRC);
  if (!builder) throw new Error(`${BUILDER_SRC} is not in the build manifest`);
  const own = pageOwnSizes();
  const decorate = own.filter((o) => o.page.startsWith('decorate/'));
  const builderOwn = own.find((o) => o.page === BUILDER_SRC);
  console.log(
    `\nThe builder's JavaScript (gzip): its route chunk ${builder.file} ${builder.chunkKb.toFixed(1)} KB; everything it loads beyond the shell ${builder.beyondShellKb.toFixed(1)} KB in ${builder.beyondShellFiles} files (shared chunks included)`,
  );
  console.log(
    `Each 装修 page's own JavaScript beyond the shared chunks (gzip, budget ${TARGET.pageOwnKb} KB)`,
  );
  console.table(decorate.map((o) => ({ page: o.page, 'KB gzip': o.kb.toFixed(1) })));
  const largest = decorate[0]!;
  const limit = TARGET.pageOwnKb * (1 - MARGIN);
  summary.push({
    metric: `builder's own JavaScript (largest 装修 page: ${largest.page})`,
    measured: `${builderOwn?.kb.toFixed(1) ?? 'n/a'} KB (largest ${largest.kb.toFixed(1)} KB)`,
    target: `≤ ${TARGET.pageOwnKb} KB each`,
    'with 30 % margin': `≤ ${limit} KB`,
    verdict: atMost(largest.kb, TARGET.pageOwnKb, limit),
  });
}

/* ------------------------------------------------------------------ main */

ensureBuilt();
const { server, browser } = await startWithAdmin(BENCH_PASSWORD, {
  DEMO_SCALE: '0.1',
  // The load runs send ~10⁵ requests a minute to the public pages' per-IP limit.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
});
let failed = false;
try {
  const { token } = await login(server.url, BENCH_PASSWORD);
  if (PARTS.has('home')) await homePart(server.url);
  const pageId =
    PARTS.has('publish') || PARTS.has('builder') ? await publishPart(server.url, token) : 0;
  if (PARTS.has('builder')) {
    const { page, context, consoleErrors } = await newPage(browser, server.url, {
      width: 1440,
      height: 900,
    });
    // Shim for tsx's `__name` helper in functions sent to the page (see bench/ecg-viewer.ts).
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await submitLogin(page, ADMIN, BENCH_PASSWORD);
    await page.waitForURL(/\/sysset_home\/basic|\/$/);
    await builderPart(page, pageId, consoleErrors);
    await context.close();
  }
  if (PARTS.has('sizes')) sizePart();

  console.log(`\nload average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.table(summary);
  failed = summary.some((r) => r.verdict === 'MISSED' || r.verdict === 'NO MARGIN');
} finally {
  await browser.close().catch(() => undefined);
  await server.stop();
}
if (failed) {
  console.error('\nA target missed (or met without its 30 % margin).');
  process.exit(1);
}
console.log('\nEvery target met with its margin.');
