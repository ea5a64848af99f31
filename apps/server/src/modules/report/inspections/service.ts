import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  chinaDayStartOf,
  DAY_MS,
  INSPECTION_FILE_MIMES,
  inspectionFlagOf,
  inspectionRangeText,
  INSPECTION_FLAG_ARROWS,
  INSPECTION_FLAG_LABELS,
  InspectionMessages,
  maskPhone,
  formatChinaDate,
  type Inspection,
  type InspectionDetail,
  type InspectionExportQuery,
  type InspectionFile,
  type InspectionFileMime,
  type InspectionItem,
  type InspectionListQuery,
  type MemberOption,
  type InspectionSaveRequest,
  type Page,
} from '@health/contract';
import { MembersRepo } from '../../member/members/repo.js';
import { memberOptions } from '../../member/members/options.js';
import { toNumber } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFoundError, ValidationError } from '../../../platform/errors.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { sha256Hex } from '../../../platform/uploads.js';
import {
  InspectionsRepo,
  type InspectionFileRow,
  type InspectionItemRow,
  type InspectionRow,
} from './repo.js';

/** The operation log's module of the report centre. */
export const AUDIT_MODULE = 'report';

const EXTENSION: Record<InspectionFileMime, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * "lab/202611/<32 hex>.bin": unguessable, and private — public serving (/uploads) answers only
 * image extensions, so a lab file is never served there; its type is kept in its row.
 */
export function newLabFileKey(at: number): string {
  const d = new Date(at);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return `lab/${month}/${randomBytes(16).toString('hex')}.bin`;
}

/** What the bytes are, when they are one of the accepted files (PDF, JPEG, PNG, WebP). */
export async function detectLabFile(data: Buffer): Promise<InspectionFileMime | null> {
  const mime = (await fileTypeFromBuffer(data))?.mime as string | undefined;
  return mime && (INSPECTION_FILE_MIMES as readonly string[]).includes(mime)
    ? (mime as InspectionFileMime)
    : null;
}

type JoinedRow = InspectionRow & {
  member_name: string;
  member_phone: string | null;
  file_count?: unknown;
};

function toInspection(row: JoinedRow): Inspection {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    title: row.title,
    hospital: row.hospital,
    sampledAt: Number(row.sampled_at),
    reportedAt: Number(row.reported_at),
    itemCount: Number(row.item_count),
    highCount: Number(row.high_count),
    lowCount: Number(row.low_count),
    fileCount: toNumber(row.file_count),
    remark: row.remark,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toItem(row: InspectionItemRow): InspectionItem {
  return {
    name: row.name,
    code: row.code,
    value: Number(row.value),
    unit: row.unit,
    low: numberOrNull(row.low),
    high: numberOrNull(row.high),
    flag: row.flag,
  };
}

function toFile(row: InspectionFileRow): InspectionFile {
  return { id: Number(row.id), name: row.original_name, mime: row.mime, size: Number(row.size) };
}

/** An item as the log and the export read it: "低密度脂蛋白胆固醇 LDL-C 4.1 mmol/L ↑（≤ 3.4）". */
function itemText(item: Omit<InspectionItem, 'flag'> & { flag: InspectionItem['flag'] }): string {
  const range = inspectionRangeText(item.low, item.high);
  return [
    item.code ? `${item.name} ${item.code}` : item.name,
    `${item.value}${item.unit ? ` ${item.unit}` : ''}${INSPECTION_FLAG_ARROWS[item.flag]}`,
    range ? `（${range}）` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

interface Snapshot {
  id: number;
  memberId: number;
  member: string;
  title: string;
  hospital: string;
  sampledAt: number;
  reportedAt: number;
  items: string;
  files: string;
  remark: string;
}

function snapshot(
  id: number,
  member: { name: string; phone: string | null },
  input: {
    memberId: number;
    title: string;
    hospital: string;
    sampledAt: number;
    reportedAt: number;
    remark: string;
  },
  items: readonly InspectionItem[],
  files: readonly { name: string }[],
): Snapshot {
  return {
    id,
    memberId: input.memberId,
    member: `${member.name} ${maskPhone(member.phone)}`,
    title: input.title,
    hospital: input.hospital,
    sampledAt: input.sampledAt,
    reportedAt: input.reportedAt,
    items: items.map(itemText).join('；'),
    files: files.map((f) => f.name).join('；'),
    remark: input.remark,
  };
}

/** The items with the flag each one's range gives (whatever a client sent). */
function flagged(items: InspectionSaveRequest['items']): InspectionItem[] {
  return items.map((i) => ({
    name: i.name,
    code: i.code,
    value: i.value,
    unit: i.unit,
    low: i.low,
    high: i.high,
    flag: inspectionFlagOf(i.value, i.low, i.high),
  }));
}

const DATE = '{y}-{m}-{d}';

const EXPORT_COLUMNS: ExportColumn<InspectionDetail>[] = [
  { header: '编号', value: (r) => r.id, width: 8 },
  { header: '会员', value: (r) => r.memberName, width: 12 },
  { header: '手机号', value: (r) => r.memberPhone, width: 14 },
  { header: '报告名称', value: (r) => r.title, width: 24 },
  { header: '医院/检验机构', value: (r) => r.hospital, width: 24 },
  { header: '采样日期', value: (r) => formatChinaDate(r.sampledAt, DATE), width: 12 },
  { header: '报告日期', value: (r) => formatChinaDate(r.reportedAt, DATE), width: 12 },
  { header: '项目数', value: (r) => r.itemCount, width: 8 },
  { header: '偏高项', value: (r) => r.highCount, width: 8 },
  { header: '偏低项', value: (r) => r.lowCount, width: 8 },
  {
    header: '检验项目',
    value: (r) =>
      r.items
        .map(
          (i) => `${itemText(i)}${i.flag === 'normal' ? '' : ` ${INSPECTION_FLAG_LABELS[i.flag]}`}`,
        )
        .join('\n'),
    width: 60,
  },
  { header: '文件数', value: (r) => r.fileCount, width: 8 },
  { header: '备注', value: (r) => r.remark, width: 24 },
  { header: '录入人', value: (r) => r.createdBy, width: 12 },
  { header: '录入时间', value: (r) => formatChinaDate(r.createdAt), width: 20 },
];

/** Lab reports (/report_list/inspection): items flagged by the server, files kept private. */
export class InspectionService {
  private readonly repo: InspectionsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new InspectionsRepo(ctx.db);
  }

  async list(query: InspectionListQuery & PageRequest): Promise<Page<Inspection>> {
    return paginate(this.ctx.db, this.repo.query(query), query, toInspection);
  }

  private async loadJoined(id: number): Promise<JoinedRow> {
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(InspectionMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<InspectionDetail> {
    const row = await this.loadJoined(id);
    const [items, files] = await Promise.all([this.repo.items(id), this.repo.files(id)]);
    return { ...toInspection(row), items: items.map(toItem), files: files.map(toFile) };
  }

  async memberOptions(keyword: string): Promise<MemberOption[]> {
    return memberOptions(this.ctx.db, keyword);
  }

  /** The member a report is for: one that exists and is not logged off. */
  private async member(memberId: number): Promise<{ name: string; phone: string | null }> {
    const m = await new MembersRepo(this.ctx.db).brief(memberId);
    if (!m || m.status === 'logged_off') {
      throw ValidationError.field('memberId', InspectionMessages.memberNotFound);
    }
    return { name: m.name, phone: m.phone };
  }

  /** Neither date after today (China time). */
  private assertDates(input: { sampledAt: number; reportedAt: number }): void {
    const todayEnd = chinaDayStartOf(this.ctx.now()) + DAY_MS;
    if (input.sampledAt >= todayEnd)
      throw ValidationError.field('sampledAt', InspectionMessages.dateInFuture);
    if (input.reportedAt >= todayEnd)
      throw ValidationError.field('reportedAt', InspectionMessages.dateInFuture);
  }

  /** The files to attach (in the transaction): each uploaded and not another report's. */
  private static async files(
    repo: InspectionsRepo,
    fileIds: readonly number[],
    reportId: number | null,
  ): Promise<InspectionFile[]> {
    const rows = await repo.filesByIds(fileIds);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return fileIds.map((id) => {
      const row = byId.get(id);
      if (!row) throw ValidationError.field('fileIds', InspectionMessages.fileNotFound);
      if (row.inspection_id !== null && Number(row.inspection_id) !== reportId)
        throw ValidationError.field('fileIds', InspectionMessages.fileInUse);
      return toFile(row);
    });
  }

  private static columns(input: InspectionSaveRequest, items: readonly InspectionItem[]) {
    return {
      member_id: input.memberId,
      title: input.title,
      hospital: input.hospital,
      sampled_at: input.sampledAt,
      reported_at: input.reportedAt,
      remark: input.remark,
      item_count: items.length,
      high_count: items.filter((i) => i.flag === 'high').length,
      low_count: items.filter((i) => i.flag === 'low').length,
    };
  }

  private static itemRows(items: readonly InspectionItem[]) {
    return items.map((i) => ({
      name: i.name,
      code: i.code,
      value: i.value,
      unit: i.unit,
      low: i.low,
      high: i.high,
      flag: i.flag,
    }));
  }

  async add(actor: Actor, input: InspectionSaveRequest): Promise<number> {
    const member = await this.member(input.memberId);
    this.assertDates(input);
    const items = flagged(input.items);
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const repo = new InspectionsRepo(trx);
      const files = await InspectionService.files(repo, input.fileIds, null);
      const id = await repo.insert({
        ...InspectionService.columns(input, items),
        created_by_id: actor.operatorId,
        created_by: actor.displayName,
        created_at: at,
        updated_at: at,
      });
      await repo.replaceItems(id, InspectionService.itemRows(items));
      await repo.setFiles(id, input.fileIds);
      return {
        result: id,
        entry: {
          module: AUDIT_MODULE,
          action: 'add',
          target: `检验报告 ${input.title}（${member.name}）`,
          after: snapshot(id, member, input, items, files),
        },
      };
    });
  }

  async update(actor: Actor, id: number, input: InspectionSaveRequest): Promise<void> {
    const before = await this.detail(id);
    const beforeMember = await new MembersRepo(this.ctx.db).brief(before.memberId);
    const member =
      input.memberId === before.memberId && beforeMember
        ? { name: beforeMember.name, phone: beforeMember.phone }
        : await this.member(input.memberId);
    this.assertDates(input);
    const items = flagged(input.items);
    const dropped = await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new InspectionsRepo(trx);
      const files = await InspectionService.files(repo, input.fileIds, id);
      await repo.update(id, {
        ...InspectionService.columns(input, items),
        updated_at: this.ctx.now(),
      });
      await repo.replaceItems(id, InspectionService.itemRows(items));
      const keys = await repo.setFiles(id, input.fileIds);
      return {
        result: keys,
        entry: {
          module: AUDIT_MODULE,
          action: 'edit',
          target: `检验报告 ${before.title}（${before.memberName}）`,
          before: snapshot(
            id,
            { name: before.memberName, phone: beforeMember?.phone ?? null },
            before,
            before.items,
            before.files,
          ),
          after: snapshot(id, member, input, items, files),
        },
      };
    });
    await this.deleteStored(dropped);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.detail(id);
    const member = await new MembersRepo(this.ctx.db).brief(before.memberId);
    const keys = await auditedChange(this.ctx, actor, async (trx) => ({
      result: await new InspectionsRepo(trx).delete(id),
      entry: {
        module: AUDIT_MODULE,
        action: 'delete',
        target: `检验报告 ${before.title}（${before.memberName}）`,
        before: snapshot(
          id,
          { name: before.memberName, phone: member?.phone ?? null },
          before,
          before.items,
          before.files,
        ),
      },
    }));
    await this.deleteStored(keys);
  }

  /** Files no report holds any more leave the storage (after the commit: a rollback keeps them). */
  private async deleteStored(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.ctx.storage.delete(key);
  }

  /**
   * Store an uploaded file for a report being added or edited: checked by its content (PDF, JPEG,
   * PNG, WebP), kept privately, recorded in the operation log. The route lets through operators who
   * may add or edit reports.
   */
  async upload(actor: Actor, data: Buffer, filename: string): Promise<InspectionFile> {
    const mime = await detectLabFile(data);
    if (!mime) throw ValidationError.field('file', InspectionMessages.fileBadType);
    const now = this.ctx.now();
    const key = newLabFileKey(now);
    const sha256 = sha256Hex(data);
    const name = filename.trim() || `report.${EXTENSION[mime]}`;
    await this.ctx.storage.put(key, data);
    try {
      const id = await auditedChange(this.ctx, actor, async (trx) => {
        const fileId = await new InspectionsRepo(trx).insertFile({
          inspection_id: null,
          sort: 0,
          storage_key: key,
          original_name: name,
          mime,
          size: data.length,
          sha256,
          operator_id: actor.operatorId,
          created_at: now,
        });
        return {
          result: fileId,
          entry: {
            module: AUDIT_MODULE,
            action: 'upload',
            target: `检验报告文件 #${fileId}`,
            after: { fileName: name, mime, size: data.length, sha256 },
          },
        };
      });
      return { id, name, mime, size: data.length };
    } catch (err) {
      await this.ctx.storage.delete(key);
      throw err;
    }
  }

  /** A report's file (or one just uploaded) with its type, for an operator holding the page. */
  async file(id: number): Promise<{ data: Buffer; mime: InspectionFileMime; name: string }> {
    const row = await this.repo.findFile(id);
    if (!row) throw new NotFoundError(InspectionMessages.fileNotFound);
    const data = await this.ctx.storage.get(row.storage_key);
    if (!data) throw new NotFoundError(InspectionMessages.fileMissing);
    return { data, mime: row.mime, name: row.original_name };
  }

  /** The export of the current filter (phones masked), each report with its items. */
  async export(
    actor: Actor,
    query: InspectionExportQuery,
  ): Promise<AuditedExport<InspectionDetail>> {
    const spec = await queryExport(
      this.ctx.db,
      this.repo.query(query),
      (r): InspectionDetail => ({ ...toInspection(r), items: [], files: [] }),
      {
        actor,
        module: AUDIT_MODULE,
        title: '检验报告',
        filter: query,
        columns: EXPORT_COLUMNS,
      },
    );
    const repo = this.repo;
    async function* withItems(): AsyncIterable<InspectionDetail[]> {
      for await (const batch of spec.batches) {
        const items = await repo.itemsOf(batch.map((r) => r.id));
        yield batch.map((r) => ({
          ...r,
          items: items.filter((i) => Number(i.inspection_id) === r.id).map(toItem),
          files: [],
        }));
      }
    }
    return { ...spec, batches: withItems() };
  }
}
