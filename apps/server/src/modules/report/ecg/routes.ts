import {
  contentIdQuerySchema,
  ecgRecordingSchema,
  ecgWindowQuerySchema,
  ecgWindowSchema,
  EcgPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { EcgService } from './service.js';

/**
 * ECG recordings for the viewer: detail (facts and analysis) and windows of min/max points. They
 * serve the ECG report page, and the member detail and device list, which open the viewer too.
 */
export const ecgRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ecg = new EcgService(ctx, app.log);
  // The doctor reads the recording of an alert on the workbench's detail page.
  // 健康报告 too: its 创建心电报告 shows the recording.
  const frontPath = [
    PAGES.reportEcg,
    PAGES.memberDetail,
    PAGES.devices,
    PAGES.doctorWorkbench,
    PAGES.healthReports,
  ];
  const { get } = standardRoutes(app, routeOptions(['report'], frontPath));
  // How long the server took (Server-Timing): a viewer, or bench:ecg, reads the server's part of
  // each window apart from the network's. This plugin's routes only (Fastify encapsulation).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });

  get(EcgPaths.detail, {
    summary: '心电记录详情（会员、设备、记录信息与服务器分析：心搏、心率趋势、心律失常事件）',
    querystring: contentIdQuerySchema,
    data: ecgRecordingSchema,
    run: (request) => ecg.detail(request.query.id),
  });

  get(EcgPaths.window, {
    summary: '心电记录时间窗口（每导联最多 bins 个最小/最大值点，含R波位置）',
    querystring: ecgWindowQuerySchema,
    data: ecgWindowSchema,
    run: (request) => ecg.window(request.query),
  });
};
