import type { AuditLabels } from '../../platform/audit-labels.js';

/** What 健康管理 writes to the operation log, in both languages. */
export const HEALTH_AUDIT_LABELS: AuditLabels = {
  modules: { health: ['健康管理', 'Health care'] },
  actions: {
    claim: ['认领预警', 'Claim alert'],
    release: ['释放预警', 'Release alert'],
  },
  fields: {
    health: {
      alertId: ['预警编号', 'Alert ID'],
      claimedBy: ['认领人', 'Claimed by'],
      claimExpiresAt: { label: ['认领到期时间', 'Claim expires'], format: 'time' },
    },
  },
};
