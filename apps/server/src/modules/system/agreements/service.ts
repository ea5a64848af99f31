import {
  AgreementMessages,
  type Agreement,
  type AgreementAddRequest,
  type AgreementListQuery,
  type AgreementPublic,
  type AgreementSummary,
  type Page,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFoundError, ValidationError } from '../../../platform/errors.js';
import { mapPage, type PageRequest } from '../../../platform/pagination.js';
import { isBlankRichText, sanitizeRichText } from '../../../platform/rich-text.js';
import { AgreementRepo, type AgreementRow } from './repo.js';

const AUDIT_MODULE = 'agreement';

type SummaryRow = Pick<
  AgreementRow,
  'id' | 'code' | 'title' | 'version' | 'created_at' | 'updated_at' | 'updated_by'
>;

function toSummary(row: SummaryRow): AgreementSummary {
  return {
    id: Number(row.id),
    code: row.code,
    title: row.title,
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

const toAgreement = (row: AgreementRow): Agreement => ({ ...toSummary(row), content: row.content });

const target = (a: { code: string; title: string }) => `协议 ${a.title}（${a.code}）`;

/** Agreements (/sysset_agreement/lists) and the public /auth_agreement answer. */
export class AgreementService {
  private readonly repo: AgreementRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new AgreementRepo(ctx.db);
  }

  async list(query: AgreementListQuery & PageRequest): Promise<Page<AgreementSummary>> {
    return mapPage(await this.repo.list(query), toSummary);
  }

  private async load(id: number): Promise<AgreementRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(AgreementMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<Agreement> {
    return toAgreement(await this.load(id));
  }

  /** The public answer for a code; an unknown code is a not-found failure. */
  async publicInfo(code: string): Promise<AgreementPublic> {
    const row = await this.repo.findByCode(code);
    if (!row) throw new NotFoundError(AgreementMessages.publicNotFound);
    return {
      code: row.code,
      title: row.title,
      content: row.content,
      version: Number(row.version),
      updatedAt: Number(row.updated_at),
    };
  }

  private async assertCodeFree(code: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByCode(code);
    if (other && Number(other.id) !== exceptId) {
      throw ValidationError.field('code', AgreementMessages.codeTaken);
    }
  }

  /** The content as it will be stored: sanitised, and not empty once sanitised. */
  private static cleanContent(html: string): string {
    const clean = sanitizeRichText(html);
    if (isBlankRichText(clean)) {
      throw ValidationError.field('content', AgreementMessages.contentRequired);
    }
    return clean;
  }

  async add(actor: Actor, input: AgreementAddRequest): Promise<{ id: number; version: number }> {
    const content = AgreementService.cleanContent(input.content);
    await this.assertCodeFree(input.code);
    const at = this.ctx.now();
    return auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const values = {
          code: input.code,
          title: input.title,
          content,
          version: 1,
          created_at: at,
          updated_at: at,
          updated_by: actor.operatorName,
        };
        const id = await new AgreementRepo(trx).insert(values);
        return {
          result: { id, version: 1 },
          entry: {
            module: AUDIT_MODULE,
            action: 'add',
            target: target(input),
            after: { id, code: values.code, title: values.title, version: 1, content },
          },
        };
      },
      () => ValidationError.field('code', AgreementMessages.codeTaken),
    );
  }

  /** Save an agreement: content sanitised, version bumped on every save. */
  async update(
    actor: Actor,
    id: number,
    input: AgreementAddRequest,
  ): Promise<{ id: number; version: number }> {
    const before = await this.load(id);
    const content = AgreementService.cleanContent(input.content);
    await this.assertCodeFree(input.code, id);
    return auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const version = await new AgreementRepo(trx).update(id, {
          code: input.code,
          title: input.title,
          content,
          updated_at: this.ctx.now(),
          updated_by: actor.operatorName,
        });
        if (version === undefined) throw new NotFoundError(AgreementMessages.notFound);
        return {
          result: { id, version },
          entry: {
            module: AUDIT_MODULE,
            action: 'edit',
            target: target(before),
            before: {
              id,
              code: before.code,
              title: before.title,
              version: Number(before.version),
              content: before.content,
            },
            after: { id, code: input.code, title: input.title, version, content },
          },
        };
      },
      () => ValidationError.field('code', AgreementMessages.codeTaken),
    );
  }

  async delete(actor: Actor, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findMany(unique);
    if (rows.length !== unique.length) throw new NotFoundError(AgreementMessages.notFound);
    return this.ctx.db.transaction().execute(async (trx) => {
      const deleted = await new AgreementRepo(trx).deleteMany(unique);
      for (const row of rows) {
        await this.ctx.audit.record(
          actor,
          {
            module: AUDIT_MODULE,
            action: 'delete',
            target: target(row),
            before: { ...toSummary(row), content: row.content },
          },
          trx,
        );
      }
      return deleted;
    });
  }
}
