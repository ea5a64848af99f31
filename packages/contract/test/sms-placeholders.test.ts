import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSmsPlaceholders, renderSmsTemplate } from '@health/contract';

describe('SMS placeholders', () => {
  it('lists the names of well-formed placeholders, once each, in order', () => {
    expect(parseSmsPlaceholders('验证码${code}，${minutes}分钟内有效，${code}')).toEqual({
      ok: true,
      names: ['code', 'minutes'],
    });
    expect(parseSmsPlaceholders('没有变量')).toEqual({ ok: true, names: [] });
    expect(parseSmsPlaceholders('${_a1}${B_2}')).toEqual({ ok: true, names: ['_a1', 'B_2'] });
  });

  it.each([
    ['$code', '“$”后应为'],
    ['价格$5', '“$”后应为'],
    ['${code', '缺少“}”'],
    ['${code${x}}', '缺少“}”'],
    ['${}', '缺少变量名'],
    ['${1code}', '变量名“1code”不正确'],
    ['${a-b}', '变量名“a-b”不正确'],
    ['${ code }', '变量名“ code ”不正确'],
    ['{code}', '多余的“{”'],
    ['code}', '多余的“}”'],
    ['${a}}', '多余的“}”'],
  ])('refuses %s', (content, message) => {
    const check = parseSmsPlaceholders(content);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toContain(message);
  });

  it('renders values into the content', () => {
    expect(renderSmsTemplate('您好${name}，验证码${code}', { name: '王芳', code: '1234' })).toBe(
      '您好王芳，验证码1234',
    );
  });
});

describe('SMS placeholders (properties)', () => {
  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/);
  const text = fc.stringMatching(/^[^${}]{0,12}$/);

  it('accepts any text made of plain pieces and well-formed placeholders, and renders every one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, name), { maxLength: 6 }), text, (parts, tail) => {
        const content = parts.map(([t, n]) => `${t}\${${n}}`).join('') + tail;
        const check = parseSmsPlaceholders(content);
        expect(check.ok).toBe(true);
        if (!check.ok) return;
        expect(check.names).toEqual([...new Set(parts.map(([, n]) => n))]);
        const values = Object.fromEntries(check.names.map((n) => [n, 'V']));
        expect(renderSmsTemplate(content, values)).not.toContain('${');
      }),
    );
  });

  it('refuses a stray "$", "{" or "}" anywhere in plain text', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('$', '{', '}'), text, (before, stray, after) => {
        expect(parseSmsPlaceholders(`${before}${stray}${after}`).ok).toBe(false);
      }),
    );
  });
});
