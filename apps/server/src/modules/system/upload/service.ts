import { UploadMessages, UPLOAD_IMAGE_MAX_BYTES, type UploadResult } from '@health/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError } from '../../../platform/errors.js';
import { detectImage, newImageKey, publicUrlOf, sha256Hex } from '../../../platform/uploads.js';
import { UploadRepo } from './repo.js';

/** Image uploads: checked by content, stored by key, recorded with who / when / sha256. */
export class UploadService {
  constructor(private readonly ctx: AppContext) {}

  /** Read the one file part of a multipart request (≤ 5 MB) or refuse with a field error. */
  async readImage(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
    let part;
    try {
      part = await request.file({ limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1 } });
    } catch {
      throw ValidationError.field('file', UploadMessages.fileRequired);
    }
    if (!part) throw ValidationError.field('file', UploadMessages.fileRequired);
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw ValidationError.field('file', UploadMessages.tooLarge);
      }
      throw err;
    }
    if (data.length === 0) throw ValidationError.field('file', UploadMessages.fileRequired);
    return { data, filename: part.filename.slice(0, 200) };
  }

  async saveImage(request: FastifyRequest, data: Buffer, filename: string): Promise<UploadResult> {
    const mime = await detectImage(data);
    if (!mime) throw ValidationError.field('file', UploadMessages.badType);
    const now = this.ctx.now();
    const key = newImageKey(mime, now);
    const sha256 = sha256Hex(data);
    await this.ctx.storage.put(key, data);
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        const id = await new UploadRepo(trx).insert({
          storage_key: key,
          original_name: filename,
          mime,
          size: data.length,
          sha256,
          operator_id: request.operator?.id ?? null,
          created_at: now,
        });
        await this.ctx.audit.recordRequest(
          request,
          {
            module: 'system',
            action: 'upload',
            target: `图片 #${id}`,
            after: { key, name: filename, mime, size: data.length, sha256 },
          },
          trx,
        );
      });
    } catch (err) {
      await this.ctx.storage.delete(key);
      throw err;
    }
    return { url: publicUrlOf(key), key, size: data.length, mime };
  }
}
