import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  PUBLIC_VIDEO_LIST_MAX,
  UPLOADS_URL_PREFIX,
  VIDEO_CATEGORIES,
  VIDEO_CATEGORY_KEYS,
  VIDEO_UPLOAD_MIME,
  VideoMessages,
  type Page,
  type PublicVideo,
  type PublicVideoList,
  type Video,
  type VideoCategory,
  type VideoListQuery,
  type VideoSaveRequest,
  type VideoUploadResult,
} from '@health/contract';
import { fromDbBool, toDbBool } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedAdd, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFoundError, ValidationError } from '../../../platform/errors.js';
import type { PageRequest } from '../../../platform/pagination.js';
import { isStorageKey } from '../../../platform/storage.js';
import { publicUrlOf, sha256Hex } from '../../../platform/uploads.js';
import { UploadRepo } from '../../system/uploads/repo.js';
import { mp4DurationSeconds, readMp4Movie } from './mp4.js';
import { VideoRepo, type VideoRow } from './repo.js';

const AUDIT_MODULE = 'decorate';

function toVideo(row: VideoRow): Video {
  return {
    id: Number(row.id),
    title: row.title,
    category: row.category as VideoCategory,
    cover: row.cover,
    url: row.url,
    durationS: Number(row.duration_s),
    description: row.description,
    sort: Number(row.sort),
    enabled: fromDbBool(row.enabled),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toPublic(row: VideoRow): PublicVideo {
  return {
    id: Number(row.id),
    title: row.title,
    category: row.category as VideoCategory,
    cover: row.cover,
    url: row.url,
    durationS: Number(row.duration_s),
    description: row.description,
  };
}

/** What the operation log keeps of a video. */
function snapshot(video: VideoSaveRequest & { id: number }) {
  return {
    id: video.id,
    title: video.title,
    category: video.category,
    cover: video.cover,
    url: video.url,
    durationS: video.durationS,
    description: video.description,
    sort: video.sort,
    enabled: video.enabled,
  };
}

const target = (video: { title: string }) => `健康视频 ${video.title}`;

/** "videos/202611/<32 hex>.mp4": unguessable and never reused, so it can be cached forever. */
function newVideoKey(at: number): string {
  const d = new Date(at);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return `videos/${month}/${randomBytes(16).toString('hex')}.mp4`;
}

/** The storage key of an address of this site's uploads ("/uploads/<key>"), else null. */
function storageKeyOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

/** 健康视频 (/decorate_m/video): the videos, their MP4 uploads and the public list. */
export class VideoService {
  private readonly repo: VideoRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new VideoRepo(ctx.db);
  }

  async list(query: VideoListQuery & PageRequest): Promise<Page<Video>> {
    const page = await this.repo.list(query);
    return { list: page.list.map(toVideo), pagination: page.pagination };
  }

  private async load(id: number): Promise<VideoRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(VideoMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<Video> {
    return toVideo(await this.load(id));
  }

  /** An uploaded file the video names (cover, MP4) must still be stored. */
  private async assertFilesStored(input: VideoSaveRequest): Promise<void> {
    const stored = async (url: string) => {
      const key = storageKeyOf(url);
      if (key === null) return !url.startsWith(UPLOADS_URL_PREFIX);
      return (await this.ctx.storage.read(key, 0, 1)) !== null;
    };
    if (!(await stored(input.url))) throw ValidationError.field('url', VideoMessages.fileMissing);
    if (!(await stored(input.cover))) {
      throw ValidationError.field('cover', VideoMessages.coverMissing);
    }
  }

  private static columns(input: VideoSaveRequest) {
    return {
      title: input.title,
      category: input.category,
      cover: input.cover,
      url: input.url,
      duration_s: input.durationS,
      description: input.description,
      sort: input.sort,
      enabled: toDbBool(input.enabled),
    };
  }

  async add(actor: Actor, input: VideoSaveRequest): Promise<number> {
    await this.assertFilesStored(input);
    const at = this.ctx.now();
    return auditedAdd(this.ctx, actor, {
      module: AUDIT_MODULE,
      target: target(input),
      insert: (trx) =>
        new VideoRepo(trx).insert({
          ...VideoService.columns(input),
          created_at: at,
          updated_at: at,
        }),
      after: (id) => snapshot({ id, ...input }),
    });
  }

  async update(actor: Actor, id: number, input: VideoSaveRequest): Promise<void> {
    const before = toVideo(await this.load(id));
    await this.assertFilesStored(input);
    await auditedEdit(this.ctx, actor, {
      module: AUDIT_MODULE,
      target: target(before),
      before: snapshot(before),
      after: snapshot({ id, ...input }),
      update: (trx) =>
        new VideoRepo(trx).update(id, {
          ...VideoService.columns(input),
          updated_at: this.ctx.now(),
        }),
    });
  }

  /** Delete one or several videos; every id must exist. */
  async delete(actor: Actor, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findMany(unique);
    if (rows.length !== unique.length) throw new NotFoundError(VideoMessages.notFound);
    return this.ctx.db.transaction().execute(async (trx) => {
      const deleted = await new VideoRepo(trx).deleteMany(unique);
      for (const row of rows) {
        const video = toVideo(row);
        await this.ctx.audit.record(
          actor,
          {
            module: AUDIT_MODULE,
            action: 'delete',
            target: target(video),
            before: snapshot(video),
          },
          trx,
        );
      }
      return deleted;
    });
  }

  /**
   * Store an uploaded MP4 (checked by its content, not its name) and answer where it is served,
   * its size and its duration from its movie header. Recorded with who, when and its SHA-256.
   */
  async upload(actor: Actor, data: Buffer, filename: string): Promise<VideoUploadResult> {
    const type = await fileTypeFromBuffer(data);
    if (type?.mime !== VIDEO_UPLOAD_MIME)
      throw ValidationError.field('file', VideoMessages.badType);
    const movie = readMp4Movie(data);
    if (!movie) throw ValidationError.field('file', VideoMessages.unreadable);
    const durationS = mp4DurationSeconds(movie);
    const now = this.ctx.now();
    const key = newVideoKey(now);
    const sha256 = sha256Hex(data);
    await this.ctx.storage.put(key, data);
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        const id = await new UploadRepo(trx).insert({
          storage_key: key,
          original_name: filename,
          mime: VIDEO_UPLOAD_MIME,
          size: data.length,
          sha256,
          operator_id: actor.operatorId,
          created_at: now,
        });
        await this.ctx.audit.record(
          actor,
          {
            module: AUDIT_MODULE,
            action: 'upload',
            target: `视频文件 #${id}`,
            after: {
              storageKey: key,
              fileName: filename,
              fileSize: data.length,
              sha256,
              durationS,
            },
          },
          trx,
        );
      });
    } catch (err) {
      await this.ctx.storage.delete(key);
      throw err;
    }
    return { url: publicUrlOf(key), size: data.length, durationS };
  }

  /**
   * The public list: enabled videos only (of one category, or all) by sort, and the categories
   * that have any, in the registry's order.
   */
  async publicList(category: VideoCategory | undefined): Promise<PublicVideoList> {
    const [rows, counts] = await Promise.all([
      this.repo.enabled(category, PUBLIC_VIDEO_LIST_MAX),
      this.repo.enabledCounts(),
    ]);
    return {
      categories: VIDEO_CATEGORY_KEYS.filter((k) => (counts.get(k) ?? 0) > 0).map((key) => ({
        key,
        label: VIDEO_CATEGORIES[key].label,
        count: counts.get(key) ?? 0,
      })),
      list: rows.map(toPublic),
    };
  }
}
