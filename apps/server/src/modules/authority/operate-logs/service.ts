import {
  formatChinaDate,
  OPERATE_LOG_RESULT_LABELS,
  type OperateLogExportQuery,
  type OperateLogItem,
  type OperateLogListQuery,
  type OperateLogOptions,
  type Page,
} from '@health/contract';
import type { Selectable } from 'kysely';
import type { OperationLogsTable } from '../../../db/schema.js';
import type { Actor } from '../../../platform/actor.js';
import type { AuditChange, AuditLabelBook } from '../../../platform/audit-labels.js';
import type { AppContext } from '../../../platform/context.js';
import type { AuditedExport, ExportColumn } from '../../../platform/export.js';
import { countRows, mapBatches, paginate, readInBatches } from '../../../platform/pagination.js';
import { OperateLogRepo } from '../../../platform/operation-logs.js';

type LogRow = Selectable<OperationLogsTable>;

/** Excel keeps at most this many characters in a cell. */
const EXCEL_CELL_MAX = 32_767;
const EXPORT_BATCH = 1000;
const EXPORT_TITLE = '操作日志';

function parseSnapshot(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An entry as the page reads it: labels in both languages, values readable, numbers masked. */
export function readableEntry(row: LogRow, labels: AuditLabelBook): OperateLogItem {
  return {
    id: row.id,
    createdAt: row.created_at,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    module: row.module,
    moduleLabel: labels.moduleLabel(row.module),
    action: row.action,
    actionLabel: labels.actionLabel(row.action),
    target: labels.target(row.target),
    ip: row.ip,
    result: row.result,
    message: labels.message(row.message),
    requestId: row.request_id,
    changes: labels.changes(
      row.module,
      parseSnapshot(row.before_json),
      parseSnapshot(row.after_json),
    ),
  };
}

/**
 * One side of the before/after table as a cell, one "字段：值" a line: of an edit, the changed
 * fields only; of an add or a delete, all of them.
 */
function changesCell(changes: AuditChange[], side: 'before' | 'after'): string {
  const edited = changes.some((c) => c.before !== null) && changes.some((c) => c.after !== null);
  return changes
    .filter((c) => c[side] !== null && (!edited || c.changed))
    .map((c) => `${c.label.zh}：${c[side]?.zh ?? ''}`)
    .join('\n')
    .slice(0, EXCEL_CELL_MAX);
}

const EXPORT_COLUMNS: ExportColumn<OperateLogItem>[] = [
  { header: '时间', value: (r) => formatChinaDate(r.createdAt), width: 20 },
  { header: '操作员', value: (r) => r.operatorName, width: 14 },
  { header: '模块', value: (r) => r.moduleLabel.zh, width: 14 },
  { header: '操作', value: (r) => r.actionLabel.zh, width: 12 },
  { header: '对象', value: (r) => r.target.zh, width: 24 },
  { header: 'IP', value: (r) => r.ip, width: 16 },
  { header: '结果', value: (r) => OPERATE_LOG_RESULT_LABELS[r.result] ?? r.result, width: 8 },
  { header: '说明', value: (r) => r.message.zh, width: 28 },
  { header: '请求编号', value: (r) => r.requestId, width: 38 },
  { header: '修改前', value: (r) => changesCell(r.changes, 'before'), width: 40 },
  { header: '修改后', value: (r) => changesCell(r.changes, 'after'), width: 40 },
];

export class OperateLogService {
  private readonly repo: OperateLogRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new OperateLogRepo(ctx.db);
  }

  private get labels(): AuditLabelBook {
    return this.ctx.audit.labels;
  }

  list(query: OperateLogListQuery): Promise<Page<OperateLogItem>> {
    return paginate(this.ctx.db, this.repo.filtered(query), query, (row) =>
      readableEntry(row, this.labels),
    );
  }

  /**
   * Rows of an export: the filter bounded by the newest id at the start (entries written while
   * streaming — the export's own audit entry among them — neither shift nor join the batches).
   */
  async export(actor: Actor, query: OperateLogExportQuery): Promise<AuditedExport<OperateLogItem>> {
    const upToId = await this.repo.maxId();
    const filtered = this.repo.filtered(query, upToId);
    const total = await countRows(this.ctx.db, filtered);
    return {
      actor,
      module: 'authority',
      title: EXPORT_TITLE,
      filter: query,
      total,
      columns: EXPORT_COLUMNS,
      batches: mapBatches(readInBatches(filtered, EXPORT_BATCH), (row) =>
        readableEntry(row, this.labels),
      ),
      message: `导出${EXPORT_TITLE} ${total} 条`,
    };
  }

  /** Modules and actions present in the log, with their labels (known modules first). */
  async options(): Promise<OperateLogOptions> {
    const [modules, actions] = await Promise.all([
      this.repo.distinctModules(),
      this.repo.distinctActions(),
    ]);
    const known = this.labels.knownModules();
    const rank = (m: string) => (known.includes(m) ? known.indexOf(m) : known.length);
    const moduleKeys = [...modules].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    return {
      modules: moduleKeys.map((value) => ({ value, label: this.labels.moduleLabel(value) })),
      actions: actions.map((value) => ({ value, label: this.labels.actionLabel(value) })),
    };
  }
}
