import {
  LinkMessages,
  PAGES,
  VIDEO_UPLOAD_MAX_BYTES,
  VideoMessages,
  VideoPaths,
  contentDeletedSchema,
  contentIdQuerySchema,
  contentIdsBodySchema,
  envelope,
  linkedByAnswerSchema,
  publicVideoListQuerySchema,
  publicVideoListSchema,
  videoListQuerySchema,
  videoListSchema,
  videoSaveRequestSchema,
  videoSchema,
  videoUpdateRequestSchema,
  videoUploadResultSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { SUCCESS_MSG, ok } from '../../../platform/envelope.js';
import { ValidationError } from '../../../platform/errors.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { readFilePart } from '../../../platform/uploads.js';
import { linkedBy } from '../linked-by.js';
import { publicPageCache } from '../pages/public-cache.js';
import { VideoService } from './service.js';

const PAGE = PAGES.decorateVideos;
const idSchema = z.object({ id: z.number().int() });
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** 健康视频 (/decorate_m/video): the videos, their MP4 uploads, and the public list. */
export const videoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const videos = new VideoService(ctx);
  const { get, post } = standardRoutes(app, routeOptions(['decorate'], PAGE));

  get(VideoPaths.list, {
    summary: '健康视频列表（标题关键词、分类、状态筛选；按排序、再按新增时间倒序）',
    querystring: videoListQuerySchema,
    data: videoListSchema,
    run: (request) => videos.list(request.query),
  });

  get(VideoPaths.detail, {
    summary: '健康视频详情',
    querystring: contentIdQuerySchema,
    data: videoSchema,
    run: (request) => videos.detail(request.query.id),
  });

  post(VideoPaths.add, {
    summary: '新增健康视频（地址为上传的 MP4 或 https 地址）',
    action: 'add',
    body: videoSaveRequestSchema,
    data: idSchema,
    run: async (request) => ({ id: await videos.add(actorOf(request), request.body) }),
  });

  post(VideoPaths.update, {
    summary: '修改健康视频（整条提交，含启用状态）',
    action: 'edit',
    body: videoUpdateRequestSchema,
    data: linkedByAnswerSchema,
    run: async (request) => {
      const { id, ...input } = request.body;
      await videos.update(actorOf(request), id, input);
      publicPageCache(ctx).clear(); // the app's pages show its title, cover and address
      return { id, linkedBy: input.enabled ? [] : await linkedBy(ctx, 'video', id) };
    },
    message: (answer) =>
      answer.linkedBy.length > 0
        ? LinkMessages.stillLinked(answer.linkedBy.join('、'))
        : SUCCESS_MSG,
  });

  post(VideoPaths.delete, {
    summary: '删除健康视频（ids：一个或多个编号，逗号分隔或数组）',
    action: 'delete',
    body: contentIdsBodySchema,
    data: contentDeletedSchema.extend({ linkedBy: z.array(z.string()) }),
    run: async (request) => {
      const { ids } = request.body;
      const deleted = await videos.delete(actorOf(request), ids);
      publicPageCache(ctx).clear();
      const names = await Promise.all([...new Set(ids)].map((id) => linkedBy(ctx, 'video', id)));
      return { deleted, linkedBy: [...new Set(names.flat())] };
    },
    message: (answer) =>
      answer.linkedBy.length > 0
        ? LinkMessages.stillLinked(answer.linkedBy.join('、'))
        : SUCCESS_MSG,
  });

  app.post(
    VideoPaths.upload,
    {
      // Uploading is part of adding or editing a video.
      config: { frontPath: PAGE, action: ['add', 'edit'] },
      schema: {
        tags: ['decorate'],
        summary: `上传健康视频（multipart，字段 file；MP4，按内容识别，≤ ${VIDEO_UPLOAD_MAX_BYTES / 1024 / 1024} MB；答复地址、大小和从 mvhd 读出的时长）`,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(videoUploadResultSchema) },
      },
    },
    async (request) => {
      // A body that says it is too large is refused before any of it is read.
      const declared = Number(request.headers['content-length']);
      if (declared > VIDEO_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
        throw ValidationError.field('file', VideoMessages.tooLarge);
      }
      // Else the reading stops at the limit (a chunked body that runs past it).
      const { data, filename } = await readFilePart(request, VIDEO_UPLOAD_MAX_BYTES, VideoMessages);
      return ok(await videos.upload(actorOf(request), data, filename), VideoMessages.uploaded);
    },
  );

  app.get(
    VideoPaths.publicList,
    {
      // Public like the other no-login endpoints, and held to the same per-IP limit.
      config: {
        public: true,
        rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['decorate'],
        summary:
          '公开：健康视频列表（/video-list 页面与 App 使用，无需登录；只含启用的视频，按排序；category 取一个分类）',
        querystring: publicVideoListQuerySchema,
        response: { 200: envelope(publicVideoListSchema) },
      },
    },
    async (request, reply) => {
      // Revalidated on every visit: a video switched off disappears at once.
      reply.header('cache-control', 'no-cache');
      return ok(await videos.publicList(request.query.category));
    },
  );
};
