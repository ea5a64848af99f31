import {
  SETTINGS_DEFAULTS,
  type ChannelListQuery,
  type ChannelOption,
  type ChannelQrcode,
  type ChannelSaveRequest,
  type MemberChannel,
  type Page,
  type SiteInfo,
  ChannelMessages,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import QRCode from 'qrcode';
import { fromDbBool, toDbBool, toNumber } from '../../../db/values.js';
import { auditedAdd, auditedChange, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { mapPage, type PageRequest } from '../../../platform/pagination.js';
import { AUDIT_MODULE } from '../grades/service.js';
import { ChannelsRepo, type ChannelRow } from './repo.js';

/** The registration link of a channel: the H5 domain with `?channel=<code>`; '' without domain. */
export function channelLink(h5Domain: string, code: string): string {
  const domain = h5Domain.trim();
  if (!domain) return '';
  try {
    const url = new URL(domain);
    url.searchParams.set('channel', code);
    return url.toString();
  } catch {
    return '';
  }
}

function snapshot(c: ChannelSaveRequest & { id: number }) {
  return { id: c.id, name: c.name, code: c.code, remark: c.remark, enabled: c.enabled };
}

/** Acquisition channels (/member_manage/channel): code, link and QR code, members per channel. */
export class ChannelService {
  private readonly repo: ChannelsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ChannelsRepo(ctx.db);
  }

  private h5Domain(): string {
    return this.ctx.settings.get<SiteInfo>('site_info', SETTINGS_DEFAULTS.site_info).h5Domain ?? '';
  }

  private toChannel(row: ChannelRow & { member_count?: unknown }): MemberChannel {
    return {
      id: Number(row.id),
      name: row.name,
      code: row.code,
      remark: row.remark,
      enabled: fromDbBool(row.enabled),
      memberCount: toNumber(row.member_count),
      link: channelLink(this.h5Domain(), row.code),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  async list(query: ChannelListQuery & PageRequest): Promise<Page<MemberChannel>> {
    return mapPage(await this.repo.list(query), (r) => this.toChannel(r));
  }

  async options(): Promise<ChannelOption[]> {
    const rows = await this.repo.all();
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      code: r.code,
      enabled: fromDbBool(r.enabled),
    }));
  }

  private async load(id: number): Promise<ChannelRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(ChannelMessages.channelNotFound);
    return row;
  }

  async detail(id: number): Promise<MemberChannel> {
    const row = await this.load(id);
    return this.toChannel({ ...row, member_count: await this.repo.memberCount(id) });
  }

  async qrcode(id: number): Promise<ChannelQrcode> {
    const row = await this.load(id);
    const link = channelLink(this.h5Domain(), row.code);
    if (!link) throw new AppError(255, ChannelMessages.h5DomainMissing);
    const dataUrl = await QRCode.toDataURL(link, {
      type: 'image/png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 320,
    });
    return { link, dataUrl, fileName: `渠道二维码-${row.code}.png` };
  }

  private async assertCodeFree(code: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByCode(code);
    if (other && Number(other.id) !== exceptId)
      throw ValidationError.field('code', ChannelMessages.channelCodeTaken);
  }

  private static columns(input: ChannelSaveRequest) {
    return {
      name: input.name,
      code: input.code,
      remark: input.remark,
      enabled: toDbBool(input.enabled),
    };
  }

  async add(actor: Actor, input: ChannelSaveRequest): Promise<number> {
    await this.assertCodeFree(input.code);
    const at = this.ctx.now();
    return auditedAdd(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: `渠道 ${input.name}（${input.code}）`,
        insert: (trx) =>
          new ChannelsRepo(trx).insert({
            ...ChannelService.columns(input),
            created_at: at,
            updated_at: at,
          }),
        after: (id) => snapshot({ id, ...input }),
      },
      () => ValidationError.field('code', ChannelMessages.channelCodeTaken),
    );
  }

  async update(actor: Actor, id: number, input: ChannelSaveRequest): Promise<void> {
    const row = await this.load(id);
    await this.assertCodeFree(input.code, id);
    const before = this.toChannel(row);
    await auditedEdit(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: `渠道 ${before.name}（${before.code}）`,
        before: snapshot(before),
        after: snapshot({ id, ...input }),
        update: (trx) =>
          new ChannelsRepo(trx).update(id, {
            ...ChannelService.columns(input),
            updated_at: this.ctx.now(),
          }),
      },
      () => ValidationError.field('code', ChannelMessages.channelCodeTaken),
    );
  }

  /** A channel with members cannot be deleted (it can be disabled). */
  async delete(actor: Actor, id: number): Promise<void> {
    const row = await this.load(id);
    const before = this.toChannel(row);
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new ChannelsRepo(trx);
      const members = await repo.memberCount(id);
      if (members > 0) throw new AppError(255, ChannelMessages.channelInUse(members));
      await repo.delete(id);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `渠道 ${before.name}（${before.code}）`,
          before: snapshot(before),
        },
      };
    });
  }
}
