import type { PackageKind } from '@health/contract';

/** The tag colour of each package kind (the type list, the goods list and the goods form). */
export const KIND_COLORS: Record<PackageKind, string> = { goods: 'blue', service: 'purple' };
