import { type ActionLogItem, ActionLogPaths } from '@health/contract';
import { listOf } from '../../../shared/api/entity';

/** Query keys of the member action log. */
export const actionLogKeys = { all: ['member', 'actionLog'] as const };

export const fetchActionLog = listOf<ActionLogItem>(ActionLogPaths.list);
