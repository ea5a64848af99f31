import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  idListSchema,
  idSchema,
  listQuerySchema,
  optionalIdSchema,
  parseId,
  pointsAdjustRequestSchema,
} from '@health/contract';
import { nonCanonicalIdJson, nonCanonicalIdText } from './id-arbitraries.js';

const positiveSafe = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('idSchema (strict ids)', () => {
  it('accepts a positive safe integer as a JSON number or its plain decimal string', () => {
    fc.assert(
      fc.property(positiveSafe, (id) => {
        expect(idSchema().parse(id)).toBe(id);
        expect(idSchema().parse(String(id))).toBe(id);
        expect(parseId(String(id))).toBe(id);
      }),
    );
  });

  it('refuses every non-canonical form with the one Chinese message', () => {
    fc.assert(
      fc.property(fc.oneof(nonCanonicalIdText, nonCanonicalIdJson), (value) => {
        const result = idSchema('操作员编号').safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('操作员编号不正确');
      }),
    );
  });

  it('refuses the values z.coerce.number() took for ids', () => {
    for (const value of [true, '0x10', '1e3', [[1]], ['1', '2'], ' 1', '01', 0, -3, 2 ** 53]) {
      expect(idSchema().safeParse(value).success).toBe(false);
    }
  });

  it('says "required" for a missing id when asked to', () => {
    const schema = idSchema('会员编号', { required: '请选择会员' });
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('请选择会员');
    expect(schema.safeParse('x').error?.issues[0]?.message).toBe('会员编号不正确');
  });

  it('treats "" and a missing optional id as not given, and still refuses a bad one', () => {
    expect(optionalIdSchema().parse('')).toBeUndefined();
    expect(optionalIdSchema().parse(undefined)).toBeUndefined();
    expect(optionalIdSchema().parse('7')).toBe(7);
    expect(optionalIdSchema().safeParse('true').success).toBe(false);
  });
});

describe('idListSchema', () => {
  it('reads a JSON array, repeated form keys (an array) and a comma string', () => {
    fc.assert(
      fc.property(fc.array(positiveSafe, { minLength: 1, maxLength: 20 }), (ids) => {
        expect(idListSchema().parse(ids)).toEqual(ids);
        expect(idListSchema().parse(ids.map(String))).toEqual(ids);
        expect(idListSchema().parse(ids.join(','))).toEqual(ids);
      }),
    );
    expect(idListSchema().parse('')).toEqual([]);
  });

  it('refuses a list with any non-canonical item', () => {
    fc.assert(
      fc.property(
        fc.array(positiveSafe, { maxLength: 5 }),
        fc.oneof(nonCanonicalIdText, nonCanonicalIdJson),
        (ids, bad) => {
          fc.pre(bad !== null && bad !== '');
          expect(idListSchema().safeParse([...ids, bad]).success).toBe(false);
        },
      ),
    );
  });

  it('keeps its size limits', () => {
    expect(idListSchema('记录', { min: 1 }).safeParse([]).success).toBe(false);
    expect(idListSchema('记录', { max: 2 }).safeParse([1, 2, 3]).success).toBe(false);
  });
});

describe('fromNumberOrText (numbers that are not ids)', () => {
  it('coerces numbers and text as before, and refuses booleans, arrays and objects', () => {
    expect(listQuerySchema.parse({ current: '2', pageSize: 50 })).toEqual({
      current: 2,
      pageSize: 50,
    });
    for (const bad of [true, false, [5], [[5]], { a: 1 }]) {
      expect(listQuerySchema.safeParse({ current: bad }).success).toBe(false);
      expect(
        pointsAdjustRequestSchema.safeParse({ memberId: 1, amount: bad, reason: '测试' }).success,
      ).toBe(false);
    }
  });
});
