import {
  changeMemberGradeRequestSchema,
  contentIdQuerySchema,
  gradeListQuerySchema,
  gradeListSchema,
  gradeLogExportQuerySchema,
  gradeLogListQuerySchema,
  gradeLogListSchema,
  gradeOptionsSchema,
  gradeSaveRequestSchema,
  gradeUpdateRequestSchema,
  memberAdminIdBodySchema,
  memberGradeSchema,
  GradePaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { GradeService } from './service.js';

const tags = ['member-grade'];
const idData = z.object({ id: z.number().int() });
/** Pages that pick a grade from a list (filters, targets). */
const GRADE_READERS = [
  PAGES.grades,
  PAGES.gradeLogs,
  PAGES.members,
  PAGES.memberDetail,
  PAGES.notices,
  PAGES.noticeEdit,
];

const route = routeOptions(tags, PAGES.grades);

/** Member grades, manual grade change and the grade log. */
export const memberGradeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const grades = new GradeService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(GradePaths.list, {
    summary: '会员等级列表（按所需成长值排序，含会员数）',
    querystring: gradeListQuerySchema,
    data: gradeListSchema,
    run: (request) => grades.list(request.query),
  });

  get(GradePaths.options, {
    summary: '全部会员等级（下拉选项，成长值从低到高）',
    frontPath: GRADE_READERS,
    data: gradeOptionsSchema,
    run: () => grades.options(),
  });

  get(GradePaths.detail, {
    summary: '会员等级详情',
    querystring: contentIdQuerySchema,
    data: memberGradeSchema,
    run: (request) => grades.detail(request.query.id),
  });

  post(GradePaths.add, {
    summary: '新增会员等级（名称、所需成长值唯一；会员按成长值重新定级）',
    action: 'add',
    body: gradeSaveRequestSchema,
    data: idData,
    run: async (request) => ({ id: await grades.add(actorOf(request), request.body) }),
  });

  post(GradePaths.update, {
    summary: '修改会员等级（最低等级的成长值保持0）',
    action: 'edit',
    body: gradeUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      const { id, ...input } = request.body;
      await grades.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(GradePaths.delete, {
    summary: '删除会员等级（有会员的等级、最低等级、默认等级不能删除）',
    action: 'delete',
    body: memberAdminIdBodySchema,
    data: idData,
    run: async (request) => {
      await grades.delete(actorOf(request), request.body.id);
      return { id: request.body.id };
    },
  });

  post(GradePaths.changeMemberGrade, {
    summary: '手动修改会员等级（需填写原因，写入等级变更记录）',
    frontPath: PAGES.members,
    action: 'edit',
    body: changeMemberGradeRequestSchema,
    data: z.null(),
    run: (request) => grades.changeMemberGrade(actorOf(request), request.body),
    message: '等级已修改',
  });

  get(GradePaths.logList, {
    summary: '等级变更记录（会员手机号片段/姓名、原等级、新等级、原因、时间；memberId）',
    frontPath: [PAGES.gradeLogs, PAGES.memberDetail],
    querystring: gradeLogListQuerySchema,
    data: gradeLogListSchema,
    run: (request) => grades.logList(request.query),
  });

  app.get(
    GradePaths.logExport,
    route({
      summary: '导出等级变更记录（当前筛选）',
      frontPath: PAGES.gradeLogs,
      action: 'export',
      querystring: gradeLogExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await grades.logExport(actorOf(request), request.query)),
  );
};
