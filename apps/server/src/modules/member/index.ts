import { PAGES } from '@health/contract';
import type { Area } from '../../platform/area.js';
import { memberActionLogRoutes } from './action-logs/routes.js';
import { memberChannelRoutes } from './channels/routes.js';
import { memberContactRoutes } from './contacts/routes.js';
import { memberDemo } from './demo.js';
import { memberGradeRoutes } from './grades/routes.js';
import { memberLogoffRoutes } from './logoffs/routes.js';
import { LogoffService } from './logoffs/service.js';
import { memberRoutes } from './members/routes.js';
import { noticeRoutes } from './notices/routes.js';
import { NOTICE_SEND_JOB, NoticeService } from './notices/service.js';
import { pointsRoutes } from './points/routes.js';
import { POINTS_EXPIRE_JOB, PointsService } from './points/service.js';
import { signRoutes } from './sign-ins/routes.js';
import { MEMBER_AUDIT_LABELS } from './audit-labels.js';

/** Members and what they do: contacts, grades, channels, logs, log-offs, points, check-ins, notices. */
export const member: Area = {
  name: 'member',
  routes: [
    pointsRoutes,
    memberRoutes,
    memberContactRoutes,
    memberGradeRoutes,
    memberChannelRoutes,
    memberActionLogRoutes,
    memberLogoffRoutes,
    signRoutes,
    noticeRoutes,
  ],
  audit: MEMBER_AUDIT_LABELS,
  jobs: (ctx) => {
    const points = PointsService.of(ctx);
    const notices = new NoticeService(ctx);
    return {
      // Daily: expire points per the policy, then schedule the next run.
      [POINTS_EXPIRE_JOB]: async () => {
        await points.expireDue();
        await points.ensureExpiryJob(ctx.jobs, true);
      },
      [NOTICE_SEND_JOB]: (job) => notices.runScheduledSend(job.refId),
    };
  },
  start: (ctx) => PointsService.of(ctx).ensureExpiryJob(ctx.jobs),
  todos: (ctx) => {
    const logoff = new LogoffService(ctx);
    return [
      {
        key: 'pendingLogoff',
        title: '待审核注销申请',
        link: PAGES.logoffs,
        query: 'status=pending',
        count: (db) => logoff.pendingCount(db),
      },
    ];
  },
  demo: memberDemo,
};
