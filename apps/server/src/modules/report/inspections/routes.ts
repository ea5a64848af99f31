import {
  contentIdQuerySchema,
  envelope,
  inspectionDetailSchema,
  inspectionExportQuerySchema,
  inspectionFileQuerySchema,
  inspectionIdBodySchema,
  inspectionListQuerySchema,
  inspectionListSchema,
  memberOptionsQuerySchema,
  memberOptionsSchema,
  inspectionSaveRequestSchema,
  inspectionUpdateRequestSchema,
  inspectionUploadResultSchema,
  INSPECTION_FILE_MAX_BYTES,
  InspectionMessages,
  InspectionPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { contentDisposition, sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { readFilePart } from '../../../platform/uploads.js';
import { InspectionService } from './service.js';

const idData = z.object({ id: z.number().int() });
const PAGE = PAGES.reportInspection;

/** Lab reports: CRUD, the export, private files (upload, read), the member picker. */
export const inspectionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const inspections = new InspectionService(ctx);
  const route = routeOptions(['report-inspection'], PAGE);
  const { get, post } = standardRoutes(app, route);

  get(InspectionPaths.list, {
    summary: '检验报告列表（会员手机号/姓名、报告名称、有无异常、报告日期筛选；按报告日期排序）',
    querystring: inspectionListQuerySchema,
    data: inspectionListSchema,
    run: (request) => inspections.list(request.query),
  });

  get(InspectionPaths.detail, {
    summary: '检验报告详情（检验项目及其标记、报告文件）',
    querystring: contentIdQuerySchema,
    data: inspectionDetailSchema,
    run: (request) => inspections.detail(request.query.id),
  });

  get(InspectionPaths.memberOptions, {
    summary: '可选会员（手机号前缀或姓名；最多20个，手机号脱敏）',
    querystring: memberOptionsQuerySchema,
    data: memberOptionsSchema,
    run: (request) => inspections.memberOptions(request.query.keyword),
  });

  post(InspectionPaths.add, {
    summary: '新增检验报告（各项目的偏高/偏低/正常由服务端按参考范围计算）',
    action: 'add',
    body: inspectionSaveRequestSchema,
    data: idData,
    run: async (request) => ({ id: await inspections.add(actorOf(request), request.body) }),
  });

  post(InspectionPaths.update, {
    summary: '修改检验报告（项目与文件整体替换）',
    action: 'edit',
    body: inspectionUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      const { id, ...input } = request.body;
      await inspections.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(InspectionPaths.delete, {
    summary: '删除检验报告（含项目与文件）',
    action: 'delete',
    body: inspectionIdBodySchema,
    data: idData,
    run: async (request) => {
      await inspections.delete(actorOf(request), request.body.id);
      return { id: request.body.id };
    },
  });

  app.post(
    InspectionPaths.upload,
    {
      // Uploading is part of adding or editing a report: either action lets it through.
      config: { frontPath: PAGE, action: ['add', 'edit'] },
      schema: {
        tags: ['report-inspection'],
        summary:
          '上传检验报告文件（multipart，字段 file；PDF/JPEG/PNG/WebP，按内容识别，≤ 10 MB；新增或编辑权限）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(inspectionUploadResultSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { data, filename } = await readFilePart(request, INSPECTION_FILE_MAX_BYTES, {
        fileRequired: InspectionMessages.fileRequired,
        tooLarge: InspectionMessages.fileTooLarge,
      });
      return ok(await inspections.upload(actor, data, filename), InspectionMessages.uploaded);
    },
  );

  app.get(
    InspectionPaths.file,
    route({
      summary: '检验报告文件（仅持有本页权限的操作员可读；不缓存）',
      querystring: inspectionFileQuerySchema,
    }),
    async (request, reply) => {
      const file = await inspections.file(request.query.id);
      return reply
        .header('content-type', file.mime)
        .header(
          'content-disposition',
          contentDisposition(file.name).replace(/^attachment/, 'inline'),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .send(file.data);
    },
  );

  app.get(
    InspectionPaths.export,
    route({
      summary: '导出检验报告（当前筛选，会员手机号脱敏）',
      action: 'export',
      querystring: inspectionExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await inspections.export(actorOf(request), request.query)),
  );
};
