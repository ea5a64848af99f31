import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INSPECTION_TEMPLATES,
  INSPECTION_TEMPLATE_KEYS,
  inspectionFlagOf,
  inspectionItemInputSchema,
  inspectionRangeText,
  inspectionSaveRequestSchema,
  InspectionMessages,
} from '@health/contract';

const value = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const bound = fc.option(value, { nil: null });

describe('the flag of a lab value', () => {
  it('is low below the low bound, high above the high bound, normal otherwise', () => {
    fc.assert(
      fc.property(value, bound, bound, (v, a, b) => {
        // A range whose low is not above its high (what the schema lets through).
        const [low, high] = a !== null && b !== null && a > b ? [b, a] : [a, b];
        const flag = inspectionFlagOf(v, low, high);
        if (low !== null && v < low) expect(flag).toBe('low');
        else if (high !== null && v > high) expect(flag).toBe('high');
        else expect(flag).toBe('normal');
      }),
    );
  });

  it('is normal at either bound, and just past it is not', () => {
    fc.assert(
      fc.property(value, fc.double({ min: 0.0001, max: 1000, noNaN: true }), (low, width) => {
        const high = low + width;
        expect(inspectionFlagOf(low, low, high)).toBe('normal');
        expect(inspectionFlagOf(high, low, high)).toBe('normal');
        expect(inspectionFlagOf(low - width / 2, low, high)).toBe('low');
        expect(inspectionFlagOf(high + width / 2, low, high)).toBe('high');
        expect(inspectionFlagOf(low - width / 2, null, high)).toBe('normal');
        expect(inspectionFlagOf(high + width / 2, low, null)).toBe('normal');
      }),
    );
  });

  it('is normal without bounds, whatever the value', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(inspectionFlagOf(v, null, undefined)).toBe('normal');
      }),
    );
  });

  it('reads the range as a report prints it', () => {
    expect(inspectionRangeText(3.9, 6.1)).toBe('3.9–6.1');
    expect(inspectionRangeText(null, 5.2)).toBe('≤ 5.2');
    expect(inspectionRangeText(1, null)).toBe('≥ 1');
    expect(inspectionRangeText(null, null)).toBe('');
  });
});

describe('the templates and the item schema', () => {
  it('has the four panels, each item a valid row once given a value', () => {
    expect(
      INSPECTION_TEMPLATE_KEYS.map((k) => INSPECTION_TEMPLATES[k].items.map((i) => i.code)),
    ).toEqual([
      ['TC', 'TG', 'LDL-C', 'HDL-C'],
      ['ALT', 'AST', 'GGT', 'ALP', 'TBIL', 'ALB'],
      ['Cr', 'BUN', 'UA', 'eGFR'],
      ['FPG', 'HbA1c'],
    ]);
    for (const key of INSPECTION_TEMPLATE_KEYS)
      for (const item of INSPECTION_TEMPLATES[key].items)
        expect(inspectionItemInputSchema.safeParse({ ...item, value: 1 }).success).toBe(true);
  });

  it('takes form text and JSON numbers alike; a flag sent is dropped', () => {
    const parsed = inspectionItemInputSchema.parse({
      name: ' 空腹血糖 ',
      value: '7.25',
      low: '3.9',
      high: '',
      flag: 'normal',
    });
    expect(parsed).toEqual({
      name: '空腹血糖',
      code: '',
      value: 7.25,
      unit: '',
      low: 3.9,
      high: null,
    });
    const reversed = inspectionItemInputSchema.safeParse({ name: 'x', value: 1, low: 2, high: 1 });
    expect(reversed.error?.issues[0]?.message).toBe(InspectionMessages.rangeReversed);
  });

  it('needs at least one item', () => {
    const r = inspectionSaveRequestSchema.safeParse({ items: [] });
    expect(r.error?.issues.map((i) => i.message)).toContain(InspectionMessages.itemsRequired);
  });
});
