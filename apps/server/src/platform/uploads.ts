import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  Messages,
  State,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_MIMES,
  UPLOADS_URL_PREFIX,
  UploadMessages,
} from '@health/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.js';
import { ValidationError } from './errors.js';
import { isStorageKey, type FileStorage } from './storage.js';

/**
 * Upload helpers: what a file really is (by its content, never its name or the client's type),
 * new storage keys, and public serving of stored files under `/uploads/<key>`.
 */

export type ImageMime = (typeof UPLOAD_IMAGE_MIMES)[number];
const EXTENSION: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const MIME_OF_EXTENSION = new Map(Object.entries(EXTENSION).map(([mime, ext]) => [ext, mime]));

/** The image type of the bytes, or null when they are not one of the accepted images. */
export async function detectImage(data: Buffer): Promise<ImageMime | null> {
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime as string | undefined;
  return mime && (UPLOAD_IMAGE_MIMES as readonly string[]).includes(mime)
    ? (mime as ImageMime)
    : null;
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** "images/202611/<32 hex>.png": unguessable, never reused, so it can be cached forever. */
export function newImageKey(mime: ImageMime, at: number): string {
  const d = new Date(at);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return `images/${month}/${randomBytes(16).toString('hex')}.${EXTENSION[mime]}`;
}

export function publicUrlOf(key: string): string {
  return `${UPLOADS_URL_PREFIX}${key}`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded videos (decorate/videos): served in ranges, read a chunk at a time. */
const VIDEO_MIME_OF_EXTENSION = new Map([['mp4', 'video/mp4']]);
const VIDEO_CHUNK_BYTES = 1024 * 1024;

/**
 * The one byte range of a `Range: bytes=…` header as [first, last], 'unsatisfiable', or null to
 * ignore it and send the whole file (several ranges, or a header that is not a byte range).
 */
export function byteRangeOf(
  header: string,
  size: number,
): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const first = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < first) return null;
  if (first >= size) return 'unsatisfiable';
  return [first, m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)];
}

async function* storedBytes(storage: FileStorage, key: string, first: number, last: number) {
  for (let at = first; at <= last; at += VIDEO_CHUNK_BYTES) {
    const part = await storage.read(key, at, Math.min(VIDEO_CHUNK_BYTES, last - at + 1));
    // Gone or shorter meanwhile: the answer ends short of its length.
    if (!part || part.length === 0) return;
    yield part;
  }
}

/** A stored video, whole or the range asked for (a player seeks by ranges), streamed. */
async function sendVideo(
  storage: FileStorage,
  key: string,
  mime: string,
  range: string | undefined,
  reply: FastifyReply,
) {
  const size = await storage.size(key);
  if (size === null) return reply.code(404).send(failure(State.FAILED, '文件不存在'));
  reply
    .header('content-type', mime)
    .header('accept-ranges', 'bytes')
    .header('cache-control', IMMUTABLE)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; media-src 'self'; sandbox");
  let [first, last] = [0, size - 1];
  const asked = range === undefined ? null : byteRangeOf(range, size);
  if (asked === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (asked) {
    [first, last] = asked;
    reply.code(206).header('content-range', `bytes ${first}-${last}/${size}`);
  }
  reply.header('content-length', String(last - first + 1));
  return reply.send(Readable.from(storedBytes(storage, key, first, last)));
}

/** GET /uploads/<key>: the stored bytes with their type, cached for a year, never sniffed. */
export function registerUploadServing(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${UPLOADS_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const video = VIDEO_MIME_OF_EXTENSION.get(key.split('.').pop() ?? '');
    if (video && isStorageKey(key))
      return sendVideo(storage, key, video, request.headers.range, reply);
    const mime = MIME_OF_EXTENSION.get(key.split('.').pop() ?? '');
    const data = isStorageKey(key) && mime ? await storage.get(key) : null;
    if (!data || !mime) return reply.code(404).send(failure(State.FAILED, '文件不存在'));
    return reply
      .header('content-type', mime)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
      .send(data);
  });
}

/** What a refused upload says: no file (or an empty one), a file over the limit. */
export interface FilePartMessages {
  fileRequired: string;
  tooLarge: string;
  /** An empty file (default: fileRequired). */
  empty?: string;
}

/**
 * Why reading the file part failed, as the client's answer: a file over the limit, no multipart
 * body at all, or one that is not well formed (cut short, a broken part header or boundary). The
 * parser raises the last kind as plain errors with a stack; they are the client's fault, not a 500.
 */
function partRefusal(err: unknown, messages: FilePartMessages): ValidationError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return ValidationError.field('file', messages.tooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return ValidationError.field('file', messages.fileRequired);
  return ValidationError.field('file', Messages.uploadMalformed);
}

/**
 * Read the one file part (field `file`) of a multipart request, up to `maxBytes`, or refuse with a
 * field error.
 */
export async function readFilePart(
  request: FastifyRequest,
  maxBytes: number,
  messages: FilePartMessages,
): Promise<{ data: Buffer; filename: string }> {
  let part;
  let data: Buffer;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw ValidationError.field('file', messages.fileRequired);
    data = await part.toBuffer();
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw partRefusal(err, messages);
  }
  if (data.length === 0)
    throw ValidationError.field('file', messages.empty ?? messages.fileRequired);
  return { data, filename: part.filename.slice(0, 200) };
}

/** Read the one image part of a multipart request (≤ 5 MB) or refuse with a field error. */
export function readImagePart(
  request: FastifyRequest,
): Promise<{ data: Buffer; filename: string }> {
  return readFilePart(request, UPLOAD_IMAGE_MAX_BYTES, UploadMessages);
}
