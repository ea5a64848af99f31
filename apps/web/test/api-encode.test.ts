import { describe, expect, it } from 'vitest';
import { encodeBody, toQuery } from '../src/shared/api/encode';
import { fieldErrorsOf } from '../src/shared/api/errors';

describe('request encoding (spec §7)', () => {
  it('form-encodes by default, skipping empty values and repeating arrays', () => {
    const { body, contentType } = encodeBody(
      { grant_type: 'password', username: '张三', skip: undefined, ids: [1, 2] },
      'form',
    );
    expect(contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(body).toBe('grant_type=password&username=%E5%BC%A0%E4%B8%89&ids=1&ids=2');
  });
  it('sends JSON when marked json', () => {
    const { body, contentType } = encodeBody({ a: [1], b: { c: true } }, 'json');
    expect(contentType).toBe('application/json');
    expect(JSON.parse(body as string)).toEqual({ a: [1], b: { c: true } });
  });
  it('sends multipart when marked so (the browser sets the boundary)', () => {
    const { body, contentType } = encodeBody({ name: 'x', file: new Blob(['y']) }, 'multipart');
    expect(contentType).toBeUndefined();
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('name')).toBe('x');
  });
  it('builds query strings', () => {
    expect(toQuery({ current: 1, pageSize: 20, q: '' })).toBe('?current=1&pageSize=20&q=');
    expect(toQuery({})).toBe('');
    expect(toQuery(undefined)).toBe('');
  });
  it('reads field errors of a validation failure defensively', () => {
    expect(fieldErrorsOf({ errors: [{ field: 'name', msg: '必填' }, { bad: 1 }] })).toEqual([
      { field: 'name', msg: '必填' },
    ]);
    expect(fieldErrorsOf(null)).toEqual([]);
  });
});
