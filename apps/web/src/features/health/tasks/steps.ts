import { useCallback } from 'react';
import {
  PAGES,
  TASK_STEPS,
  taskStepsFrom,
  type HealthTaskStatus,
  type HealthTaskStep,
} from '@health/contract';
import { usePageActions } from '../../../shared/stores/permission';

/** formatDate's pattern of a task's times (to the minute). */
export const MINUTES = '{y}-{m}-{d} {h}:{i}';

/** The tag colour of each status. */
export const TASK_STATUS_COLORS: Record<HealthTaskStatus, string> = {
  to_assign: 'orange',
  to_book: 'blue',
  booked: 'cyan',
  done: 'green',
  cancelled: 'default',
};

/**
 * The steps an operator may take on a task in a status: the workflow's (contract TASK_STEPS)
 * whose action the operator holds on the step's page — the same rule the server checks.
 */
export function useTaskSteps(): (status: HealthTaskStatus) => HealthTaskStep[] {
  const held = {
    taskAssign: usePageActions(PAGES.taskAssign) as readonly string[],
    taskBooking: usePageActions(PAGES.taskBooking) as readonly string[],
    tasks: usePageActions(PAGES.tasks) as readonly string[],
  };
  const { taskAssign, taskBooking, tasks } = held;
  return useCallback(
    (status: HealthTaskStatus) =>
      taskStepsFrom(status).filter((name) => {
        const rule = TASK_STEPS[name];
        return { taskAssign, taskBooking, tasks }[rule.page].includes(rule.action);
      }),
    [taskAssign, taskBooking, tasks],
  );
}
