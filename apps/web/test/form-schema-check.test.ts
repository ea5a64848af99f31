import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { gradeSaveRequestSchema, logoffRejectRequestSchema } from '@health/contract';
import { checkWithSchema } from '../src/shared/utils/form';

/** A form's store and the errors shown on its fields (what the user sees under each input). */
function fakeForm(values: Record<string, unknown>) {
  const errors = new Map<string, string[]>();
  const form = {
    getFieldsValue: () => values,
    setFields: (fields: { name: (string | number)[] | string; errors?: string[] }[]) => {
      for (const f of fields) {
        const key = Array.isArray(f.name) ? f.name.join('.') : f.name;
        if (f.errors?.length) errors.set(key, f.errors);
        else errors.delete(key);
      }
    },
  } as unknown as FormInstance;
  return { form, errors, values };
}

const rejectSchema = logoffRejectRequestSchema.pick({ rejectReason: true });

describe('checkWithSchema (form dialogs, edit pages, settings form)', () => {
  it("shows the contract's message on the failing field and clears it once the value passes", () => {
    const { form, errors, values } = fakeForm({ rejectReason: '  ' });
    const first = checkWithSchema(form, rejectSchema, []);
    expect(first.value).toBeNull();
    expect(errors.get('rejectReason')).toEqual(['请输入驳回原因']);

    values.rejectReason = '账户仍有未归还的设备';
    const second = checkWithSchema(form, rejectSchema, first.failing);
    expect(second.value).toEqual({ rejectReason: '账户仍有未归还的设备' });
    expect(second.input).toEqual({ rejectReason: '账户仍有未归还的设备' });
    expect(errors.size).toBe(0);
  });

  it('checks the request built from the form and shows its errors on the form field', () => {
    const { form, errors } = fakeForm({ name: '金卡', growthRequired: 100, multiplier: 200 });
    const toInput = (v: { multiplier: number }) => {
      const { multiplier, ...rest } = v;
      return { ...rest, pointsMultiplierPct: Math.round(multiplier * 100) };
    };
    const result = checkWithSchema(form, gradeSaveRequestSchema, [], {
      toInput,
      fieldOf: { pointsMultiplierPct: 'multiplier' },
    });
    expect(result.value).toBeNull();
    expect(errors.has('multiplier')).toBe(true);
    expect(errors.has('pointsMultiplierPct')).toBe(false);
  });

  it("keeps the message of a field whose own rule failed (the page's wording stays)", () => {
    const { form, errors } = fakeForm({ rejectReason: '' });
    errors.set('rejectReason', ['页面自己的提示']);
    checkWithSchema(form, rejectSchema, [], {}, ['rejectReason']);
    expect(errors.get('rejectReason')).toEqual(['页面自己的提示']);
  });
});
