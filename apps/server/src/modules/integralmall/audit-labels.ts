import type { AuditLabels } from '../../platform/audit-labels.js';

/** What 积分商城 writes to the operation log, in both languages. */
export const INTEGRALMALL_AUDIT_LABELS: AuditLabels = {
  modules: { integralmall: ['积分商城', 'Points mall'] },
  actions: {},
  fields: { integralmall: {} },
  targetWords: {},
};
