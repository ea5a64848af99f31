import { UploadMessages, type UploadResult } from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError } from '../../../platform/errors.js';
import { detectImage, newImageKey, publicUrlOf, sha256Hex } from '../../../platform/uploads.js';
import { UploadRepo } from './repo.js';

/** Image uploads: checked by content, stored by key, recorded with who / when / sha256. */
export class UploadService {
  constructor(private readonly ctx: AppContext) {}

  async saveImage(actor: Actor, data: Buffer, filename: string): Promise<UploadResult> {
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
          operator_id: actor.operatorId,
          created_at: now,
        });
        await this.ctx.audit.record(
          actor,
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
