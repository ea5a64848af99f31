import {
  OPERATE_LOG_ACTION_LABELS,
  OPERATE_LOG_RESULT_LABELS,
  formatDate,
  type OperateLogExportQuery,
  type OperateLogItem,
  type OperateLogListQuery,
  type OperateLogOptions,
  type Page,
} from '@health/contract';
import type { Selectable } from 'kysely';
import type { OperationLogsTable } from '../../../db/schema.js';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { AuditedExport, ExportColumn } from '../../../platform/export.js';
import { countRows, paginate, readInBatches } from '../../../platform/pagination.js';
import { OperateLogRepo } from '../../../platform/operation-logs.js';

type LogRow = Selectable<OperationLogsTable>;

/** Excel keeps at most this many characters in a cell. */
const EXCEL_CELL_MAX = 32_767;
const EXPORT_BATCH = 1000;
const EXPORT_TITLE = '操作日志';

export function actionLabel(action: string): string {
  return OPERATE_LOG_ACTION_LABELS[action] ?? action;
}

function parseSnapshot(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toItem(row: LogRow, auditModuleLabel: (module: string) => string): OperateLogItem {
  return {
    id: row.id,
    createdAt: row.created_at,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    module: row.module,
    moduleLabel: auditModuleLabel(row.module),
    action: row.action,
    actionLabel: actionLabel(row.action),
    target: row.target,
    ip: row.ip,
    result: row.result,
    message: row.message,
    requestId: row.request_id,
    before: parseSnapshot(row.before_json),
    after: parseSnapshot(row.after_json),
  };
}

const snapshotCell = (text: string | null) => (text ?? '').slice(0, EXCEL_CELL_MAX);

function exportColumns(auditModuleLabel: (module: string) => string): ExportColumn<LogRow>[] {
  return [
    { header: '时间', value: (r) => formatDate(r.created_at), width: 20 },
    { header: '操作员', value: (r) => r.operator_name, width: 14 },
    { header: '模块', value: (r) => auditModuleLabel(r.module), width: 14 },
    { header: '操作', value: (r) => actionLabel(r.action), width: 12 },
    { header: '对象', value: (r) => r.target, width: 24 },
    { header: 'IP', value: (r) => r.ip, width: 16 },
    { header: '结果', value: (r) => OPERATE_LOG_RESULT_LABELS[r.result] ?? r.result, width: 8 },
    { header: '说明', value: (r) => r.message, width: 28 },
    { header: '请求编号', value: (r) => r.request_id, width: 38 },
    { header: '修改前', value: (r) => snapshotCell(r.before_json), width: 40 },
    { header: '修改后', value: (r) => snapshotCell(r.after_json), width: 40 },
  ];
}

export class OperateLogService {
  private readonly repo: OperateLogRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new OperateLogRepo(ctx.db);
  }

  private readonly label = (module: string) => this.ctx.audit.moduleLabel(module);

  list(query: OperateLogListQuery): Promise<Page<OperateLogItem>> {
    return paginate(this.ctx.db, this.repo.filtered(query), query, (row) =>
      toItem(row, this.label),
    );
  }

  /**
   * Rows of an export: the filter bounded by the newest id at the start (entries written while
   * streaming — the export's own audit entry among them — neither shift nor join the batches).
   */
  async export(actor: Actor, query: OperateLogExportQuery): Promise<AuditedExport<LogRow>> {
    const upToId = await this.repo.maxId();
    const filtered = this.repo.filtered(query, upToId);
    const total = await countRows(this.ctx.db, filtered);
    return {
      actor,
      module: 'authority',
      title: EXPORT_TITLE,
      filter: query,
      total,
      columns: exportColumns(this.label),
      batches: readInBatches(filtered, EXPORT_BATCH),
      message: `导出${EXPORT_TITLE} ${total} 条`,
    };
  }

  /** Modules and actions present in the log, with Chinese labels (known modules first). */
  async options(): Promise<OperateLogOptions> {
    const [modules, actions] = await Promise.all([
      this.repo.distinctModules(),
      this.repo.distinctActions(),
    ]);
    const known = this.ctx.audit.knownModules();
    const rank = (m: string) => (known.includes(m) ? known.indexOf(m) : known.length);
    const moduleKeys = [...modules].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    return {
      modules: moduleKeys.map((value) => ({ value, label: this.label(value) })),
      actions: actions.map((value) => ({ value, label: actionLabel(value) })),
    };
  }
}
