import { PAGES } from '@health/contract';
import type { Area } from '../../platform/area.js';
import { assistantRoutes } from './assistant/routes.js';
import { HEALTH_AUDIT_LABELS } from './audit-labels.js';
import { healthDemoThroughApi } from './demo.js';
import { healthPlanDemo } from './plans/demo.js';
import { healthPlanRoutes } from './plans/routes.js';
import { healthReportRoutes } from './reports/routes.js';
import { healthTaskDemo } from './tasks/demo.js';
import { healthTaskRoutes } from './tasks/routes.js';
import { HealthTaskService } from './tasks/service.js';
import { workbenchRoutes } from './workbench/routes.js';
import { WorkbenchService } from './workbench/service.js';
import { workloadRoutes } from './workload/routes.js';

/**
 * 健康管理: the doctor's workbench (the queue of alerts, claims), health reports from draft to
 * signed, published and amended, the member's signed link to a report, health tasks through
 * their workflow, and members' health management plans whose schedules make tasks.
 */
export const health: Area = {
  name: 'health',
  routes: [
    workbenchRoutes,
    healthReportRoutes,
    healthTaskRoutes,
    healthPlanRoutes,
    workloadRoutes,
    assistantRoutes,
  ],
  audit: HEALTH_AUDIT_LABELS,
  todos: (ctx) => [
    {
      key: 'openAlerts',
      title: '待处理预警',
      link: PAGES.doctorWorkbench,
      count: (db) => WorkbenchService.openCount(db),
    },
    {
      key: 'tasksToAssign',
      title: '待分配健康任务',
      link: PAGES.taskAssign,
      count: (db) => new HealthTaskService(ctx).countIn(db, 'to_assign'),
    },
  ],
  // The alerts' story first (which were read and reported), then the tasks that follow them up.
  demoThroughApi: async (app, ctx, scale) => {
    await healthDemoThroughApi(app, ctx, scale);
    await healthTaskDemo(ctx, scale);
    await healthPlanDemo(ctx, scale);
  },
};
