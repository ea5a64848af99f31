import { createHash } from 'node:crypto';

/**
 * The secret of a demo device, derived from its serial so that `npm run simulate` can sign for the
 * demo devices without reading the database. Demo data only: a real device's secret is random
 * (devices/service.ts) and shown once.
 */
export function demoDeviceSecret(serial: string): string {
  return createHash('sha256').update(`health-admin demo device:${serial}`).digest('base64url');
}
