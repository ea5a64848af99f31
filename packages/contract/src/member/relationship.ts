/** Contact relationship codes of spec §3. */
export const RELATIONSHIPS: Record<number, string> = {
  0: '本人',
  1: '父母',
  2: '子女',
  3: '配偶',
  4: '朋友',
  5: '其他',
};

/** A missing value shows '-'; an unknown code shows empty (spec §3). */
export function relationshipLabel(code: number | string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '-';
  const n = Number(code);
  return Number.isInteger(n) ? (RELATIONSHIPS[n] ?? '') : '';
}
