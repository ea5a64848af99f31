import { describe, expect, it } from 'vitest';
import type { EcgWindow } from '@health/contract';
import { leadPath, printDocument, PRINT_WIDTH_MM } from '../src/shared/ecg/print';

const raw: EcgWindow = {
  startMs: 0,
  endMs: 2000,
  sampleRate: 250,
  step: 1,
  leads: [
    {
      name: 'II',
      min: Array.from({ length: 500 }, (_, i) => (i === 250 ? 1000 : 0)),
      max: Array.from({ length: 500 }, (_, i) => (i === 250 ? 1000 : 0)),
    },
  ],
  beats: [1000],
};

describe('ECG print at true scale', () => {
  it('places samples in paper millimetres: 1 s is 25 mm, 1 mV is 10 mm above the baseline', () => {
    const d = leadPath([raw], 0, 0, 2000, 11, 18, 25, 10);
    expect(d.startsWith('M11 18')).toBe(true);
    // sample 250 is at 1000 ms: x = 11 + 25, y = 18 − 10
    expect(d).toContain('L36 8');
  });

  it('draws each time once, from the finest window', () => {
    const coarse: EcgWindow = {
      ...raw,
      step: 10,
      leads: [{ name: 'II', min: Array(50).fill(-5000), max: Array(50).fill(5000) }],
    };
    const d = leadPath([coarse, raw], 0, 0, 2000, 0, 18, 25, 10);
    expect(d).not.toContain(' 68'); // −5 mV at 10 mm/mV would be y = 68
  });

  it('sizes the strips in mm and cuts a long strip into page-wide rows', () => {
    const html = printDocument({
      title: '心电图',
      meta: ['会员：张三'],
      note: 'note',
      leads: ['II'],
      startMs: 0,
      endMs: 20_000,
      speed: 25,
      gain: 10,
      windows: [raw],
    });
    const widths = [...html.matchAll(/<svg xmlns="[^"]+" width="([\d.]+)mm" height="(\d+)mm"/g)];
    // 20 s at 25 mm/s is 500 mm of trace: two rows of the page's width and the rest
    expect(widths.length).toBe(2);
    expect(Number(widths[0]![1])).toBe(PRINT_WIDTH_MM);
    expect(widths[0]![2]).toBe('30');
    expect(html).toContain('@page { size: A4 landscape');
    expect(html).toContain('会员：张三');
  });

  it('escapes what it writes into the page', () => {
    const html = printDocument({
      title: '<script>',
      meta: [],
      note: '',
      leads: ['<b>'],
      startMs: 0,
      endMs: 1000,
      speed: 25,
      gain: 10,
      windows: [],
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;b&gt;');
  });
});
