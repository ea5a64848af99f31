import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@health/contract';
import { localMessage, setMessagesActive, setMessageTable } from '../src/shared/i18n/messages';
import { EN_MESSAGES } from '../src/shared/i18n/locales/en-US-messages';

const HAN = /[\u3400-\u9fff]/;

/** The operation log's labels and messages are another part's (its own catalogue). */
const NOT_HERE = new Set(['OperateLogMessages']);

/** What the user sees in English for each message that still shows Chinese. */
function untranslated(messages: Iterable<string>): string[] {
  return [...new Set(messages)].filter((m) => HAN.test(localMessage(m)));
}

interface Parsable {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { message: string }[] };
  };
  shape?: Record<string, unknown>;
}

function isSchema(value: unknown): value is Parsable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

/**
 * Bad values a form (or a client) can send for every field of an object schema: missing, empty,
 * far too long, negative and huge numbers, the wrong type. The schema's issues are the messages a
 * form or the server shows.
 */
function issueMessages(schema: Parsable): string[] {
  // Nested objects (the warning thresholds' bp.grade1.systolicMin, ...) get the value too.
  const fillShape = (shape: Record<string, unknown>, value: unknown): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(shape).map(([k, field]) => {
        const nested = (field as { shape?: Record<string, unknown> }).shape;
        return [k, nested ? fillShape(nested, value) : value];
      }),
    );
  const fill = (value: unknown) => fillShape(schema.shape ?? {}, value);
  const inputs: unknown[] = [
    {},
    fill(''),
    fill(' '),
    fill('x'.repeat(300_000)),
    fill('不是数字'),
    fill(-99_999_999),
    fill(99_999_999_999),
    fill(0.123),
    fill(true),
    fill([]),
    fill({}),
  ];
  return inputs.flatMap(
    (input) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [],
  );
}

describe('English of the contract’s messages (validation, server msg)', () => {
  beforeAll(() => {
    setMessageTable(EN_MESSAGES);
    setMessagesActive(true);
  });
  afterAll(() => setMessagesActive(false));

  it('knows every message object of the contract', () => {
    const messages: string[] = [];
    for (const [name, value] of Object.entries(contract)) {
      if (!name.endsWith('Messages') || NOT_HERE.has(name)) continue;
      for (const message of Object.values(value as Record<string, unknown>)) {
        if (typeof message === 'string') messages.push(message);
        // Templated messages, with numbers (a name parameter gets a number's text too).
        else if (typeof message === 'function') messages.push(String(message(12, 34)));
      }
    }
    expect(messages.length).toBeGreaterThan(100);
    expect(untranslated(messages)).toEqual([]);
  });

  it('knows every message a request schema of the contract gives for bad values', () => {
    const messages: string[] = [];
    for (const [name, value] of Object.entries(contract)) {
      if (!name.endsWith('Schema') || !isSchema(value)) continue;
      if (/operateLog/i.test(name)) continue;
      messages.push(...issueMessages(value));
    }
    for (const schema of Object.values(contract.SETTINGS_SCHEMAS)) {
      messages.push(...issueMessages(schema as Parsable));
    }
    expect(messages.length).toBeGreaterThan(200);
    expect(untranslated(messages)).toEqual([]);
  });

  it('translates templates over known field names and leaves data alone', () => {
    expect(localMessage('积分倍率不能小于10')).toBe('Points multiplier must be at least 10');
    expect(localMessage('请输入平台名称')).toBe('Please enter the platform name');
    expect(localMessage('已发送给377位会员')).toBe('Sent to 377 members');
    // An unknown field name: the whole message stays as the server wrote it.
    expect(localMessage('张三不能小于10')).toBe('张三不能小于10');
    expect(localMessage('会员张三')).toBe('会员张三');
  });

  it('shows the Chinese unchanged in Chinese', () => {
    setMessagesActive(false);
    expect(localMessage('请输入平台名称')).toBe('请输入平台名称');
    setMessagesActive(true);
  });
});
