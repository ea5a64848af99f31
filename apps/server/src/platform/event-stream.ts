import { fastifySSE } from '@fastify/sse';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { State } from '@health/contract';
import { AppError } from './errors.js';

/** Milliseconds between a stream's keep-alive events (proxies close idle connections). */
export const KEEP_ALIVE_MS = 25_000;

/** An event of a stream: its name and its data (sent as JSON). */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * A server-sent event route (the workbench's and the large screen's live events): refused (406,
 * `notStreamMessage`) unless the client asks for text/event-stream; then `ready` once, each event
 * `subscribe` hands on while the client is connected, and `ping` every KEEP_ALIVE_MS; the
 * subscription ends when the client goes. The route's options carry its access rule like any
 * route (the guard checks the session before the stream opens).
 */
export async function registerEventStream(
  app: Parameters<FastifyPluginAsyncZod>[0],
  url: string,
  options: RouteShorthandOptions,
  notStreamMessage: string,
  subscribe: (request: FastifyRequest, send: (event: StreamEvent) => void) => () => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifySSE);
    scope.get(url, { ...options, sse: true }, async (request, reply: FastifyReply) => {
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        throw new AppError(State.FAILED, notStreamMessage, 406);
      reply.sse.keepAlive();
      const send = (event: StreamEvent) => {
        if (reply.sse.isConnected) void reply.sse.send(event).catch(() => undefined);
      };
      const stop = subscribe(request, send);
      const beat = setInterval(() => send({ event: 'ping', data: {} }), KEEP_ALIVE_MS);
      reply.sse.onClose(() => {
        clearInterval(beat);
        stop();
      });
      await reply.sse.send({ event: 'ready', data: {} });
    });
  });
}
