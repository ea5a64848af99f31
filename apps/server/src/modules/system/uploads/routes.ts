import { PAGES, envelope, settingsPageOf, uploadResultSchema, UploadPaths } from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { actorOf } from '../../../platform/actor.js';
import { readImagePart } from '../../../platform/uploads.js';
import { UploadService } from './service.js';

/** The pages with image fields: uploading is part of editing them. */
const UPLOADING_PAGES = [
  settingsPageOf('site_info'),
  settingsPageOf('pic_set'),
  settingsPageOf('app_set'),
  PAGES.grades,
  PAGES.goods,
  PAGES.decorateVideos,
  PAGES.decorateAdverts,
  PAGES.decorateHome,
  PAGES.decorateTopics,
  PAGES.mallDecorate,
];

export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const uploads = new UploadService(ctx);

  app.post(
    UploadPaths.image,
    {
      config: { frontPath: UPLOADING_PAGES, action: 'edit' },
      schema: {
        tags: ['system'],
        summary: '上传图片（multipart，字段 file；PNG/JPEG/GIF/WebP，按内容识别，≤ 5 MB）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadResultSchema) },
      },
    },
    async (request) => {
      const { data, filename } = await readImagePart(request);
      return ok(await uploads.saveImage(actorOf(request), data, filename), '上传成功');
    },
  );
};
