import type { FieldDef } from '@health/contract';

/**
 * A prop path's words ("items.0.image" → "图片 第1项 图片"): the field's label, list items by
 * number, in the interface language.
 */
export function fieldLabel(fields: readonly FieldDef[], path: string, en: boolean): string {
  const parts = path.split('.');
  const words: string[] = [];
  let current: readonly FieldDef[] | undefined = fields;
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      words.push(en ? `#${Number(part) + 1}` : `第${Number(part) + 1}项`);
      continue;
    }
    const field: FieldDef | undefined = current?.find((f) => f.name === part);
    words.push(field ? (en ? field.labelEn : field.label) : part);
    current = field?.itemFields;
  }
  return words.join(' ');
}
