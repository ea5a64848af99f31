import { formatChinaDate, maskIdNumber, maskPhone } from '@health/contract';

/**
 * How the operation log reads to a person: every module, action and snapshot field of an entry
 * has a Chinese and an English label, and values read as labels (enums, yes/no, China time, masked
 * numbers, hidden secrets). Each area gives the labels of what it writes (`Area.audit`, next to the
 * code that writes the entries); the platform gives the ones every area shares (below). The log page,
 * its detail drawer and its export all read entries through one `AuditLabelBook`.
 */

/** A text in both languages of the UI: [zh-CN, en-US] (the web's bilingual tables use the same pair). */
export type Bilingual = readonly [string, string];

/** Both languages of a text as the API sends them. */
export interface Localized {
  zh: string;
  en: string;
}

/**
 * How a field's values read. Without a format: booleans as 是/否, "***" as hidden, numbers and
 * text as written (phone and identity numbers in it masked), objects as JSON.
 */
export type ValueFormat =
  /** Epoch milliseconds: "YYYY-MM-DD HH:mm:ss" in China time. */
  | 'time'
  /** A phone number, shown masked (138****5678). */
  | 'phone'
  /** An identity number, shown masked. */
  | 'idNumber'
  /** Money in integer fen, shown in yuan. */
  | 'fen'
  /** An enumeration: each stored value with its label (an unknown value shows as written). */
  | { readonly values: Readonly<Record<string, Bilingual>> }
  /** Anything else: its own reading. */
  | ((value: unknown) => Bilingual | string);

export interface AuditField {
  label: Bilingual;
  format?: ValueFormat;
}

/** A field's label alone, or its label with the format of its values. */
export type AuditFieldSpec = Bilingual | AuditField;

export interface AuditLabels {
  /** Module keys (the `module` of entries), in the order the log's filter lists them. */
  modules?: Readonly<Record<string, Bilingual>>;
  /** Action keys (the `action` of entries); an action means the same in every module. */
  actions?: Readonly<Record<string, Bilingual>>;
  /**
   * Snapshot fields by module key. A nested field is found by its dotted path ("filter.status"),
   * else by its own name; the fields of objects in a list by "list.field", else by their name.
   */
  fields?: Readonly<Record<string, Readonly<Record<string, AuditFieldSpec>>>>;
  /** Words of the targets the area writes, with their English ("会员" → "Member"). */
  targetWords?: Readonly<Record<string, string>>;
  /**
   * The fixed messages the area writes, with their English. A message not listed reads as written
   * in both languages (a reason an operator typed is data).
   */
  messages?: Readonly<Record<string, string>>;
  /** Messages with a number or a name in them: the Chinese as a pattern, the English with $1, $2. */
  messagePatterns?: ReadonlyArray<readonly [RegExp, string]>;
}

/** Fields, actions and words shared by every area (written by the platform or by many areas). */
export const PLATFORM_AUDIT_LABELS = {
  actions: {
    add: ['新增', 'Add'],
    edit: ['编辑', 'Edit'],
    delete: ['删除', 'Delete'],
    export: ['导出', 'Export'],
    reveal: ['查看明文', 'Reveal'],
    enable: ['启用', 'Enable'],
    disable: ['停用', 'Disable'],
  },
  fields: {
    '*': {
      id: ['编号', 'ID'],
      name: ['名称', 'Name'],
      title: ['标题', 'Title'],
      code: ['编码', 'Code'],
      remark: ['备注', 'Remark'],
      description: ['描述', 'Description'],
      enabled: ['启用', 'Enabled'],
      sort: ['排序', 'Sort order'],
      phone: { label: ['手机号', 'Phone'], format: 'phone' },
      idNumber: { label: ['身份证号', 'ID number'], format: 'idNumber' },
      createdAt: { label: ['创建时间', 'Created at'], format: 'time' },
      updatedAt: { label: ['更新时间', 'Updated at'], format: 'time' },
      // An export: its filter and row count.
      filter: ['筛选条件', 'Filter'],
      rows: ['导出条数', 'Rows exported'],
      startTime: { label: ['开始时间', 'From'], format: 'time' },
      endTime: { label: ['结束时间', 'To'], format: 'time' },
      sortField: ['排序字段', 'Sort field'],
      sortOrder: {
        label: ['排序方式', 'Sort order'],
        format: { values: { ascend: ['升序', 'Ascending'], descend: ['降序', 'Descending'] } },
      },
      keyword: ['关键词', 'Keyword'],
      // Secrets (their values are never written: "***").
      password: ['密码', 'Password'],
      // A reveal: which number of whom was shown in clear.
      field: {
        label: ['查看字段', 'Revealed field'],
        format: {
          values: {
            phone: ['手机号', 'Phone'],
            idNumber: ['身份证号', 'ID number'],
            contactPhone: ['家庭成员手机号', "Family member's phone"],
          },
        },
      },
    },
  },
  targetWords: {},
  messagePatterns: [[/^导出(.+) (\d+) 条$/, 'Exported $2 rows of $1']],
} satisfies AuditLabels;

const COMMON = '*';
const EMPTY: Bilingual = ['（空）', '(empty)'];
const HIDDEN: Bilingual = ['已隐藏', 'hidden'];
const YES_NO: Record<'true' | 'false', Bilingual> = { true: ['是', 'Yes'], false: ['否', 'No'] };
/** The value the audit writes in place of a secret (audit.ts). */
export const REDACTED = '***';
/** Nested objects are read field by field down to this depth; deeper ones as a whole. */
const MAX_DEPTH = 3;

const PHONE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const ID_NUMBER_IN_TEXT = /(?<![\dXx])(\d{6})\d{8}(\d{3}[\dXx])(?![\dXx])/g;

/** Text with any mobile or identity number in it masked (old entries, free text). */
export function maskNumbersIn(text: string): string {
  return text.replace(ID_NUMBER_IN_TEXT, '$1********$2').replace(PHONE_IN_TEXT, '$1****$2');
}

const both = (text: string): Bilingual => [text, text];
const localized = ([zh, en]: Bilingual): Localized => ({ zh, en });

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Stable JSON: object keys sorted, so equal values compare equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** One row of an entry's before/after table. */
export interface AuditChange {
  /** The field's key path as written ("status", "filter.phone"); "" for a snapshot that is a single value. */
  field: string;
  label: Localized;
  /** null: the field is not in that snapshot (an add has no before, a delete no after). */
  before: Localized | null;
  after: Localized | null;
  changed: boolean;
}

function toSpec(spec: AuditFieldSpec | undefined): AuditField | undefined {
  if (spec === undefined) return undefined;
  return Array.isArray(spec) ? { label: spec as Bilingual } : (spec as AuditField);
}

/** Key paths of a snapshot's fields: nested objects by dotted path, lists and scalars as leaves. */
function flatten(
  value: Record<string, unknown>,
  prefix = '',
  depth = 0,
  out = new Map<string, unknown>(),
) {
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(v) && depth < MAX_DEPTH && Object.keys(v).length > 0) {
      flatten(v, path, depth + 1, out);
    } else {
      out.set(path, v);
    }
  }
  return out;
}

/** The labels of every area, merged; reads entries as a person would. */
export class AuditLabelBook {
  private readonly modules = new Map<string, Bilingual>();
  private readonly actions = new Map<string, Bilingual>();
  private readonly fields = new Map<string, Map<string, AuditField>>();
  /** Target words, longest first (a longer word wins over one it contains). */
  private readonly targetWords: [string, string][];
  private readonly messages = new Map<string, string>();
  private readonly messagePatterns: (readonly [RegExp, string])[] = [];

  constructor(sets: Iterable<AuditLabels>) {
    const words = new Map<string, string>();
    for (const set of sets) {
      for (const [k, v] of Object.entries(set.modules ?? {})) this.modules.set(k, v);
      for (const [k, v] of Object.entries(set.actions ?? {})) {
        const known = this.actions.get(k);
        if (known && known[0] !== v[0]) {
          throw new Error(`操作日志的操作 ${k} 有两个名称：${known[0]}、${v[0]}`);
        }
        this.actions.set(k, v);
      }
      for (const [module, specs] of Object.entries(set.fields ?? {})) {
        const map = this.fields.get(module) ?? new Map<string, AuditField>();
        for (const [k, v] of Object.entries(specs)) map.set(k, toSpec(v) as AuditField);
        this.fields.set(module, map);
      }
      for (const [k, v] of Object.entries(set.targetWords ?? {})) words.set(k, v);
      for (const [k, v] of Object.entries(set.messages ?? {})) this.messages.set(k, v);
      this.messagePatterns.push(...(set.messagePatterns ?? []));
    }
    this.targetWords = [...words].sort((a, b) => b[0].length - a[0].length);
  }

  /** The module keys with a label, in order. */
  knownModules(): string[] {
    return [...this.modules.keys()];
  }

  moduleLabel(module: string): Localized {
    return localized(this.modules.get(module) ?? both(module));
  }

  actionLabel(action: string): Localized {
    return localized(this.actions.get(action) ?? both(action));
  }

  /**
   * A field by its path, then by ever shorter ends of it ("bp.levels.grade1", "levels.grade1",
   * "grade1"); at each step the module's own before the common ones.
   */
  private field(module: string, path: string): AuditField | undefined {
    const own = this.fields.get(module);
    const common = this.fields.get(COMMON);
    const parts = path.split('.');
    for (let i = 0; i < parts.length; i++) {
      const end = parts.slice(i).join('.');
      const found = own?.get(end) ?? common?.get(end);
      if (found) return found;
    }
    return undefined;
  }

  /** The label of a key path: each nested level's label, joined ("筛选条件 · 状态"). */
  private pathLabel(module: string, path: string): Bilingual {
    const exact = this.field(module, path);
    if (exact && !path.includes('.')) return exact.label;
    const parts = path.split('.');
    const labels = parts.map(
      (_, i) => this.field(module, parts.slice(0, i + 1).join('.'))?.label ?? both(parts[i] ?? ''),
    );
    return [labels.map((l) => l[0]).join(' · '), labels.map((l) => l[1]).join(' · ')];
  }

  /** A value as a person reads it. */
  private read(module: string, path: string, value: unknown): Bilingual {
    if (value === null || value === undefined || value === '') return EMPTY;
    if (value === REDACTED) return HIDDEN;
    const format = this.field(module, path)?.format;
    if (typeof format === 'function') {
      const read = format(value);
      return typeof read === 'string' ? both(maskNumbersIn(read)) : read;
    }
    if (Array.isArray(value)) return this.readList(module, path, value);
    if (format !== undefined && typeof format === 'object') {
      const label = format.values[String(value)];
      if (label) return label;
    }
    if (format === 'time' && typeof value === 'number') return both(formatChinaDate(value));
    if (format === 'phone' && typeof value === 'string') return both(maskPhone(value));
    if (format === 'idNumber' && typeof value === 'string') return both(maskIdNumber(value));
    if (format === 'fen' && typeof value === 'number') return both(`¥${(value / 100).toFixed(2)}`);
    if (typeof value === 'boolean') return YES_NO[String(value) as 'true' | 'false'];
    // A phone number may have been written as a number too.
    if (typeof value === 'number') return both(maskNumbersIn(String(value)));
    if (typeof value === 'string') return both(maskNumbersIn(value));
    if (isPlainObject(value)) return this.readObject(module, path, value);
    return both(maskNumbersIn(JSON.stringify(value)));
  }

  /** A list: its items joined; an object item as "label：value，label：value". */
  private readList(module: string, path: string, items: unknown[]): Bilingual {
    if (items.length === 0) return EMPTY;
    const read = items.map((item) => this.read(module, path, item));
    const objects = items.some(isPlainObject);
    return [
      read.map((r) => r[0]).join(objects ? '；' : '、'),
      read.map((r) => r[1]).join(objects ? '; ' : ', '),
    ];
  }

  private readObject(module: string, path: string, value: Record<string, unknown>): Bilingual {
    const parts = Object.entries(value).map(([key, v]) => {
      const child = path ? `${path}.${key}` : key;
      const label = this.pathLabelOfChild(module, child);
      const read = this.read(module, child, v);
      return [`${label[0]}：${read[0]}`, `${label[1]}: ${read[1]}`] as const;
    });
    return [parts.map((p) => p[0]).join('，'), parts.map((p) => p[1]).join(', ')];
  }

  /** A field of an object inside a value: its own label (the parent's is already said). */
  private pathLabelOfChild(module: string, path: string): Bilingual {
    return this.field(module, path)?.label ?? both(path.slice(path.lastIndexOf('.') + 1));
  }

  /** The before/after table of an entry (either snapshot may be null). */
  changes(module: string, before: unknown, after: unknown): AuditChange[] {
    const noBefore = before === null || before === undefined;
    const noAfter = after === null || after === undefined;
    if (noBefore && noAfter) return [];
    const objects = (noBefore || isPlainObject(before)) && (noAfter || isPlainObject(after));
    if (!objects) {
      return [
        {
          field: '',
          label: { zh: '值', en: 'Value' },
          before: noBefore ? null : localized(this.read(module, '', before)),
          after: noAfter ? null : localized(this.read(module, '', after)),
          changed: stable(before) !== stable(after),
        },
      ];
    }
    const b = noBefore ? new Map<string, unknown>() : flatten(before as Record<string, unknown>);
    const a = noAfter ? new Map<string, unknown>() : flatten(after as Record<string, unknown>);
    const fields = [...b.keys()];
    for (const key of a.keys()) if (!b.has(key)) fields.push(key);
    return fields.map((field) => {
      const inBefore = b.has(field);
      const inAfter = a.has(field);
      return {
        field,
        label: localized(this.pathLabel(module, field)),
        before: inBefore ? localized(this.read(module, field, b.get(field))) : null,
        after: inAfter ? localized(this.read(module, field, a.get(field))) : null,
        // A one-sided snapshot (add / delete): every field counts as changed.
        changed: inBefore !== inAfter || stable(b.get(field)) !== stable(a.get(field)),
      };
    });
  }

  /** Chinese words of targets in English, full-width brackets as ASCII ones. */
  private inEnglishWords(text: string): string {
    let en = text;
    for (const [word, english] of this.targetWords) en = en.split(word).join(english);
    return en
      .replace(/（/g, ' (')
      .replace(/）/g, ')')
      .replace(/\s{2,}/g, ' ')
      .trim();
  }

  /** A target in both languages: the numbers masked, the area's words in English. */
  target(text: string): Localized {
    const zh = maskNumbersIn(text);
    return { zh, en: this.inEnglishWords(zh) };
  }

  /** A message in both languages: a known one in English, any other as written; numbers masked. */
  message(text: string): Localized {
    const zh = maskNumbersIn(text);
    const known = this.messages.get(zh);
    if (known !== undefined) return { zh, en: known };
    for (const [pattern, english] of this.messagePatterns) {
      if (pattern.test(zh)) return { zh, en: this.inEnglishWords(zh.replace(pattern, english)) };
    }
    return { zh, en: zh };
  }

  /**
   * What an entry writes without a label: its module, its action, each snapshot field (nested and
   * list items' fields too) and each enumeration value. Empty when the entry reads well.
   */
  missing(entry: { module: string; action: string; before?: unknown; after?: unknown }): string[] {
    const out: string[] = [];
    if (!this.modules.has(entry.module)) out.push(`模块 ${entry.module}`);
    if (!this.actions.has(entry.action)) out.push(`操作 ${entry.action}`);
    const visit = (path: string, value: unknown, depth: number) => {
      if (path !== '') {
        const spec = this.field(entry.module, path);
        if (!spec) out.push(`字段 ${entry.module}.${path}`);
        const format = spec?.format;
        if (
          format !== undefined &&
          typeof format === 'object' &&
          value !== null &&
          value !== undefined &&
          value !== '' &&
          value !== REDACTED &&
          !Array.isArray(value) &&
          !format.values[String(value)]
        ) {
          out.push(`字段 ${entry.module}.${path} 的值 ${String(value)}`);
        }
        if (typeof format === 'function') return;
      }
      if (Array.isArray(value)) {
        for (const item of value) visit(path, item, depth + 1);
      } else if (isPlainObject(value) && depth <= MAX_DEPTH + 1) {
        for (const [k, v] of Object.entries(value)) visit(path ? `${path}.${k}` : k, v, depth + 1);
      }
    };
    for (const snapshot of [entry.before, entry.after]) {
      if (isPlainObject(snapshot)) visit('', snapshot, 0);
    }
    return [...new Set(out)];
  }
}

/**
 * An enumeration's reading from the contract's Chinese labels and their English (a value missing
 * its English is a compile error).
 */
export function enumFormat<K extends string | number>(
  zh: Readonly<Record<K, string>>,
  en: Readonly<Record<K, string>>,
): ValueFormat {
  return {
    values: Object.fromEntries(
      (Object.keys(zh) as K[]).map((k) => [String(k), [zh[k], en[k]] as Bilingual]),
    ),
  };
}
