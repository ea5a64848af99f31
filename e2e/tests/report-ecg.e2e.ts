import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, see } from '../support/browser.ts';
import { addBoundDevice, uploadReading } from '../support/ingest.ts';
import { adminSuite } from '../support/suite.ts';

const run = browserAvailable();
const ADMIN_PASSWORD = 'Ecg#2026abc';
const RATE = 250;
/** R waves every second from 0.5 s: 60 bpm. */
const RR_MS = 1000;
const FIRST_R_MS = 500;

/**
 * A clean synthetic ECG of known rate: a narrow 1.2 mV R wave every second and a small T wave, so a
 * reader's R-R measurement has one right answer (1000 ms, 60 bpm).
 */
function syntheticEcg(seconds: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < seconds * RATE; i++) {
    const ms = (i * 1000) / RATE;
    const sinceR = (((ms - FIRST_R_MS) % RR_MS) + RR_MS) % RR_MS;
    const fromR = Math.min(sinceR, RR_MS - sinceR);
    const r = 1200 * Math.exp(-((fromR / 12) ** 2));
    const tWave = 250 * Math.exp(-(((sinceR - 300) / 60) ** 2));
    out.push(Math.round(r + tWave));
  }
  return out;
}

/** A new ECG device bound to a demo member, and one 20-second recording uploaded by it. */
async function uploadKnownRecording(page: Page): Promise<number> {
  const device = await addBoundDevice(page, 'ecg', 'E2E-ECG-000001');
  return uploadReading(page, device, {
    type: 'ecg',
    measuredAt: Date.now() - 60_000,
    values: { sampleRate: RATE, leads: ['II'], samples: [syntheticEcg(20)], heartRate: 60 },
  });
}

describe.runIf(run)('the ECG viewer, opened from the report centre', () => {
  const suite = adminSuite(ADMIN_PASSWORD);

  it('draws true millimetres, switches speed and gain, and measures an R-R interval', async () => {
    const { page, context, consoleErrors } = await suite.adminPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = await uploadKnownRecording(page);

    // Open it from the list, as a doctor would.
    await page.goto('/report_list/ecg?serial=E2E-ECG');
    const row = page.locator(`.ant-table-row[data-row-key="${id}"]`);
    await see(row);
    await row.getByRole('button', { name: '查看心电' }).click();
    const drawer = page.locator('.ant-drawer');
    await see(drawer.getByText('E2E-ECG-000001'));
    const paper = drawer.getByRole('application');
    await see(paper);
    await see(drawer.getByText('25 mm/s · 10 mm/mV'));
    await page.waitForTimeout(800);

    // The calibration pulse: 200 ms × 1 mV is 5 mm × 10 mm at 25 mm/s and 10 mm/mV (96 px = 25.4 mm).
    const box = await paper.evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d')!;
      const dpr = canvas.width / canvas.getBoundingClientRect().width;
      const pxPerMm = (96 / 25.4) * dpr;
      const { data, width } = ctx.getImageData(0, 0, Math.round(14 * pxPerMm), canvas.height);
      const dark = (x: number, y: number) => {
        const k = (y * width + x) * 4;
        return data[k + 3]! > 128 && data[k]! < 120 && data[k + 1]! < 120 && data[k + 2]! < 120;
      };
      // Rows 6–20 mm of the first lead: the pulse, not the lead's label above it.
      let top = Infinity;
      let bottom = -Infinity;
      for (let y = Math.round(6 * pxPerMm); y < Math.round(20 * pxPerMm); y++)
        for (let x = 0; x < width; x++)
          if (dark(x, y)) {
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
      let left = Infinity;
      let right = -Infinity;
      for (let x = 0; x < width; x++)
        if (dark(x, top) || dark(x, top + 1)) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      return { widthMm: (right - left) / pxPerMm, heightMm: (bottom - top) / pxPerMm };
    });
    expect(box.widthMm).toBeGreaterThan(4.4);
    expect(box.widthMm).toBeLessThan(5.6);
    expect(box.heightMm).toBeGreaterThan(9.4);
    expect(box.heightMm).toBeLessThan(10.6);
    await screenshot(page, 'ecg-viewer-1440-zh');

    // Speed and gain change the scale shown.
    await drawer.getByText('50 mm/s', { exact: true }).click();
    await drawer.getByText('20 mm/mV', { exact: true }).click();
    await see(drawer.getByText('50 mm/s · 20 mm/mV'));
    await drawer.getByText('25 mm/s', { exact: true }).click();
    await drawer.getByText('10 mm/mV', { exact: true }).click();
    await see(drawer.getByText('25 mm/s · 10 mm/mV'));
    await page.waitForTimeout(500);

    // Calipers: click near two R waves (a few px off); they snap to the peaks: 1000 ms, 60 bpm.
    await drawer.getByRole('button', { name: /(^|\s)测量$/ }).click();
    const xOf = (ms: number) => {
      const pxPerMm = 96 / 25.4;
      return Math.round(Math.ceil(200 / 40 + 6) * pxPerMm) + (ms * 25 * pxPerMm) / 1000;
    };
    const y = 18 * (96 / 25.4) - 20;
    await paper.click({ position: { x: xOf(FIRST_R_MS + RR_MS) + 3, y } });
    await paper.click({ position: { x: xOf(FIRST_R_MS + 2 * RR_MS) - 2, y } });
    const result = drawer.getByTestId('ecg-caliper');
    await see(result);
    await expect.poll(() => result.innerText()).toMatch(/Δt 1000 毫秒.*60 次\/分/);
    await screenshot(page, 'ecg-viewer-calipers-1440-zh');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(400);
    await screenshot(page, 'ecg-viewer-375-zh');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
