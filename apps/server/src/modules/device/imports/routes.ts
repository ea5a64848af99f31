import {
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_IMPORT_MAX_ROWS,
  DeviceImportMessages,
  DeviceImportPaths,
  PAGES,
  deviceImportBatchSchema,
  deviceImportIdQuerySchema,
  deviceImportListQuerySchema,
  deviceImportListSchema,
  deviceImportRequestSchema,
  deviceImportResultSchema,
  deviceImportRowsQuerySchema,
  deviceImportRowsSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { XLSX_CONTENT_TYPE, contentDisposition, sendXlsx } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { readFilePart } from '../../../platform/uploads.js';
import { DeviceImportService } from './service.js';

/** Batch import of devices: template, upload (validated in the background), rows, import, errors file. */
export const deviceImportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const imports = new DeviceImportService(ctx);
  // A validation still running when the app closes stops at its next batch of rows.
  app.addHook('onClose', () => imports.close());
  const route = routeOptions(['device'], PAGES.deviceImport);
  const { get, post } = standardRoutes(app, route);

  app.get(
    DeviceImportPaths.template,
    route({ summary: '下载设备导入模板（xlsx：序列号、型号、固件版本、入库日期、备注）' }),
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('设备导入模板.xlsx'))
        .header('cache-control', 'no-store')
        .send(await imports.template()),
  );

  const upload = route({
    summary: `上传设备导入文件（multipart，字段 file；xlsx 或 csv，≤ 20 MB，≤ ${DEVICE_IMPORT_MAX_ROWS} 行）：立即返回批次，后台逐行校验`,
    action: 'add',
    data: deviceImportBatchSchema,
  });
  app.post(
    DeviceImportPaths.upload,
    { ...upload, schema: { ...upload.schema, consumes: ['multipart/form-data'] } },
    async (request) => {
      const file = await readFilePart(request, DEVICE_IMPORT_MAX_BYTES, {
        fileRequired: DeviceImportMessages.fileRequired,
        tooLarge: DeviceImportMessages.tooLarge,
        empty: DeviceImportMessages.emptyFile,
      });
      return ok(await imports.upload(actorOf(request), file), DeviceImportMessages.uploaded);
    },
  );

  get(DeviceImportPaths.list, {
    summary: '导入批次列表（最近的在前）',
    querystring: deviceImportListQuerySchema,
    data: deviceImportListSchema,
    run: (request) => imports.list(request.query),
  });

  get(DeviceImportPaths.detail, {
    summary: '导入批次（状态、校验进度、有效与错误行数）',
    querystring: deviceImportIdQuerySchema,
    data: deviceImportBatchSchema,
    run: (request) => imports.detail(request.query.id),
  });

  get(DeviceImportPaths.rows, {
    summary: '导入批次的行及其错误（按行号；全部、有效或有错误）',
    querystring: deviceImportRowsQuerySchema,
    data: deviceImportRowsSchema,
    run: (request) => imports.rows(request.query),
  });

  post(DeviceImportPaths.import, {
    summary: '导入有效行（一个事务；序列号已存在的跳过并报告；每台设备生成密钥，不返回）',
    action: 'add',
    body: deviceImportRequestSchema,
    data: deviceImportResultSchema,
    run: (request) => imports.import(actorOf(request), request.body.id),
    message: (data) => DeviceImportMessages.imported(data.imported, data.skipped),
  });

  app.get(
    DeviceImportPaths.errors,
    route({
      summary: '下载错误行（原列 + 错误原因，xlsx）',
      querystring: deviceImportIdQuerySchema,
    }),
    async (request, reply) => sendXlsx(reply, await imports.errorsFile(request.query.id)),
  );
};
