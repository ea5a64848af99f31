import {
  DECORATE_PREVIEW_PAGE,
  DecoratePageMessages,
  ONE_ENABLED_KINDS,
  PAGE_KIND_LABELS,
  PAGE_LOCK_MS,
  PAGES,
  State,
  actionKey,
  documentLinks,
  documentProblems,
  documentRecords,
  defaultDocument,
  emptyDocument,
  withoutLinks,
  formatChinaDate,
  linkTarget,
  navLinkSchema,
  pageDocumentSchema,
  type DecoratePageDetail,
  type DecoratePageListQuery,
  type DecoratePageRow as PageRowAnswer,
  type FrontPath,
  type Page,
  type PageDocument,
  type PageKind,
  type PageProblemAnswer,
  type PageVersionRow,
  type PreviewLink,
  type PublicPage,
  type SaveDraftRequest,
} from '@health/contract';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange, type ChangeEntry } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, PermissionError } from '../../../platform/errors.js';
import { signLinkToken, verifyLinkToken } from '../../../platform/link-tokens.js';
import type { PageRequest } from '../../../platform/pagination.js';
import { holdsAny } from '../../../platform/permissions.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { LinkTargetService, type TargetRef } from '../link-targets/service.js';
import { DecoratePagesRepo, type DecoratePageRow } from './repo.js';
import { PageRecords } from './records.js';

const AUDIT_MODULE = 'decorate';
const PREVIEW_KEY_LABEL = 'decorate:preview-link:v1';
export const PAGE_PUBLISH_JOB = 'decorate.publishScheduled';
const MINUTE_MS = 60_000;

/** The list page whose permissions govern a page of each kind. */
export const PAGE_OF_KIND: Record<PageKind, FrontPath> = {
  home: PAGES.decorateHome,
  topic: PAGES.decorateTopics,
  mall: PAGES.mallDecorate,
};

const failed = (message: string, data: unknown = null) =>
  new AppError(State.FAILED, message, undefined, data);

function statusOf(row: DecoratePageRow): PageRowAnswer['status'] {
  if (row.published_version === null) return 'draft';
  return Number(row.published_revision) === Number(row.revision) ? 'published' : 'changed';
}

/** Every record the live version links to or shows: what 链接失效 is computed from. */
type Target = TargetRef;

function targetsOf(doc: PageDocument): Target[] {
  const seen = new Map<string, Target>();
  for (const { link } of documentLinks(doc)) {
    const parsed = navLinkSchema.safeParse(link);
    const target = parsed.success ? linkTarget(parsed.data) : null;
    if (target) seen.set(`${target.kind}:${target.id}`, target);
  }
  for (const r of documentRecords(doc)) seen.set(`${r.kind}:${r.id}`, { kind: r.kind, id: r.id });
  return [...seen.values()];
}

/**
 * The live version's targets as stored (`{"kind":"goods","id":12}` items, so a LIKE finds the
 * pages that link to one record).
 */
export const targetsJsonOf = (doc: PageDocument) =>
  JSON.stringify(targetsOf(doc).map((t) => ({ kind: t.kind, id: t.id })));

/** Rich-text blocks sanitised like every other rich text of the product. */
function sanitized(doc: PageDocument): PageDocument {
  return {
    ...doc,
    content: doc.content.map((block) =>
      block.type === 'richText'
        ? { ...block, props: { ...block.props, html: sanitizeRichText(block.props.html) } }
        : block,
    ),
  };
}

function parseDocument(json: string): PageDocument {
  return pageDocumentSchema.parse(JSON.parse(json)) as PageDocument;
}

/**
 * The 装修 pages: one draft per page saved against its revision, immutable published versions
 * (publishing checks every block first), rollback into a new draft, one enabled page per kind
 * (home, mall) kept by a unique index, preview links pinned to a revision, an edit lock with a
 * heartbeat, and the public pages the member app reads.
 */
export class DecoratePageService {
  private readonly repo: DecoratePagesRepo;
  private readonly linkKey: Buffer;

  constructor(private readonly ctx: AppContext) {
    this.repo = new DecoratePagesRepo(ctx.db);
    this.linkKey = ctx.secrets.deriveKey(PREVIEW_KEY_LABEL);
  }

  /** 267 unless the operator holds the page of this kind (and the action). */
  private assertMay(actor: Actor, kind: PageKind, action?: string): void {
    const page = PAGE_OF_KIND[kind];
    if (!holdsAny(actor, [action ? actionKey(page, action) : page])) throw new PermissionError();
  }

  private async load(id: number): Promise<DecoratePageRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(DecoratePageMessages.notFound);
    return row;
  }

  private async loadFor(actor: Actor, id: number, action?: string): Promise<DecoratePageRow> {
    const row = await this.load(id);
    this.assertMay(actor, row.kind, action);
    return row;
  }

  private lockHolder(row: DecoratePageRow, actor?: Actor): string | null {
    if (row.lock_operator_id === null || Number(row.lock_expires_at ?? 0) <= this.ctx.now())
      return null;
    if (actor && Number(row.lock_operator_id) === actor.operatorId) return null;
    return row.lock_operator_name ?? '';
  }

  private toRow(row: DecoratePageRow, broken: string[], actor?: Actor): PageRowAnswer {
    return {
      id: Number(row.id),
      kind: row.kind,
      name: row.name,
      enabled: row.enabled_kind !== null,
      status: statusOf(row),
      revision: Number(row.revision),
      draftSavedAt: Number(row.draft_saved_at),
      draftSavedBy: row.draft_saved_by,
      publishedVersion: row.published_version === null ? null : Number(row.published_version),
      publishedAt: row.published_at === null ? null : Number(row.published_at),
      publishedBy: row.published_by,
      scheduledAt: row.scheduled_at === null ? null : Number(row.scheduled_at),
      brokenLinks: broken,
      lockedBy: this.lockHolder(row, actor),
      createdAt: Number(row.created_at),
    };
  }

  /** Why the live versions' targets no longer work, by page id (one query per kind of target). */
  private async brokenOf(rows: DecoratePageRow[]): Promise<Map<number, string[]>> {
    const byPage = rows.map((row) => ({
      id: Number(row.id),
      targets: JSON.parse(row.published_targets_json) as Target[],
    }));
    const all = byPage.flatMap((p) => p.targets);
    const answers = await new LinkTargetService(this.ctx).targetProblems(all);
    const reasons = new Map(all.map((t, i) => [`${t.kind}:${t.id}`, answers[i]]));
    return new Map(
      byPage.map((p) => [
        p.id,
        [
          ...new Set(p.targets.map((t) => reasons.get(`${t.kind}:${t.id}`)).filter(Boolean)),
        ] as string[],
      ]),
    );
  }

  async list(
    actor: Actor,
    query: DecoratePageListQuery & PageRequest,
  ): Promise<Page<PageRowAnswer>> {
    this.assertMay(actor, query.kind);
    const page = await this.repo.list(query);
    const broken = await this.brokenOf(page.list);
    return {
      list: page.list.map((row) => this.toRow(row, broken.get(Number(row.id)) ?? [], actor)),
      pagination: page.pagination,
    };
  }

  async detail(actor: Actor, id: number): Promise<DecoratePageDetail> {
    const row = await this.loadFor(actor, id);
    const broken = await this.brokenOf([row]);
    return {
      ...this.toRow(row, broken.get(id) ?? [], actor),
      document: parseDocument(row.draft_json),
    };
  }

  private entry(
    row: { kind: PageKind; name: string },
    action: string,
    rest: Partial<ChangeEntry> = {},
  ): ChangeEntry {
    return {
      module: AUDIT_MODULE,
      action,
      target: `${PAGE_KIND_LABELS[row.kind]} ${row.name}`,
      ...rest,
    };
  }

  async add(actor: Actor, input: { kind: PageKind; name: string }): Promise<number> {
    this.assertMay(actor, input.kind, 'add');
    return this.insertPage(actor, input.kind, input.name, emptyDocument(input.name), 'add');
  }

  private insertPage(
    actor: Actor,
    kind: PageKind,
    name: string,
    document: PageDocument,
    action: string,
    extra: Partial<ChangeEntry> = {},
  ): Promise<number> {
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const id = await new DecoratePagesRepo(trx).insert({
        kind,
        name,
        enabled_kind: null,
        draft_json: JSON.stringify(document),
        draft_saved_at: at,
        draft_saved_by: actor.displayName,
        created_at: at,
        updated_at: at,
      });
      return {
        result: id,
        entry: this.entry({ kind, name }, action, { after: { id, name }, ...extra }),
      };
    });
  }

  async copy(actor: Actor, id: number): Promise<number> {
    const row = await this.loadFor(actor, id, 'add');
    const name = `${row.name.slice(0, 27)} 副本`;
    return this.insertPage(actor, row.kind, name, parseDocument(row.draft_json), 'copy', {
      before: { id, name: row.name },
    });
  }

  async rename(actor: Actor, id: number, name: string): Promise<void> {
    const row = await this.loadFor(actor, id, 'edit');
    await auditedChange(this.ctx, actor, async (trx) => {
      await new DecoratePagesRepo(trx).update(id, { name, updated_at: this.ctx.now() });
      return {
        result: undefined,
        entry: this.entry(row, 'edit', { before: { name: row.name }, after: { name } }),
      };
    });
  }

  /** Delete a page (never the enabled one); answers its kind. */
  async delete(actor: Actor, id: number): Promise<PageKind> {
    const row = await this.loadFor(actor, id, 'delete');
    if (row.enabled_kind !== null) throw failed(DecoratePageMessages.deleteEnabled);
    await auditedChange(this.ctx, actor, async (trx) => {
      // Enabled since it was read (a concurrent enable): the delete deletes nothing, and says so.
      if (!(await new DecoratePagesRepo(trx).deleteUnlessEnabled(id)))
        throw failed(DecoratePageMessages.deleteEnabled);
      await this.ctx.jobs.cancel(PAGE_PUBLISH_JOB, id, trx);
      return {
        result: undefined,
        entry: this.entry(row, 'delete', {
          before: { id, name: row.name, publishedVersion: row.published_version },
        }),
      };
    });
    return row.kind;
  }

  /** Refused while someone else holds the edit lock. */
  private assertNotLockedByOther(row: DecoratePageRow, actor: Actor): void {
    const holder = this.lockHolder(row, actor);
    if (holder !== null) throw failed(DecoratePageMessages.lockedBy(holder), { lockedBy: holder });
  }

  /** Save the draft if it is still at the revision the builder started from. */
  async saveDraft(actor: Actor, input: SaveDraftRequest): Promise<{ revision: number }> {
    const row = await this.loadFor(actor, input.id, 'edit');
    this.assertNotLockedByOther(row, actor);
    const at = this.ctx.now();
    const document = sanitized(input.document as PageDocument);
    const saved = await this.repo.saveDraftIf(input.id, input.revision, {
      draft_json: JSON.stringify(document),
      draft_saved_at: at,
      draft_saved_by: actor.displayName,
    });
    if (!saved) throw await this.staleRefusal(input.id);
    return { revision: input.revision + 1 };
  }

  /** Who saved the draft since, and when: nothing is overwritten. */
  private async staleRefusal(id: number): Promise<AppError> {
    const now = await this.load(id);
    return failed(
      DecoratePageMessages.stale(now.draft_saved_by, formatChinaDate(Number(now.draft_saved_at))),
      {
        revision: Number(now.revision),
        savedBy: now.draft_saved_by,
        savedAt: Number(now.draft_saved_at),
      },
    );
  }

  /** Every reason the document cannot be published: the document's own, then the database's. */
  async problems(doc: PageDocument): Promise<Omit<PageProblemAnswer, 'id'>[]> {
    const out: Omit<PageProblemAnswer, 'id'>[] = documentProblems(doc).map((p) => ({
      blockId: p.blockId,
      field: p.field,
      msg: p.message,
    }));
    const reported = new Set(out.map((p) => `${p.blockId}|${p.field}`));
    const links = documentLinks(doc).filter((l) => !reported.has(`${l.blockId}|${l.field}`));
    const targets = new LinkTargetService(this.ctx);
    const linkReasons = await targets.problems(links.map((l) => navLinkSchema.parse(l.link)));
    links.forEach((l, i) => {
      const reason = linkReasons[i];
      if (reason) out.push({ blockId: l.blockId, field: l.field, msg: `${l.where}：${reason}` });
    });
    const records = documentRecords(doc);
    const recordReasons = await targets.targetProblems(records);
    records.forEach((r, i) => {
      const reason = recordReasons[i];
      if (reason) out.push({ blockId: r.blockId, field: r.field, msg: `${r.where}：${reason}` });
    });
    for (const image of await this.missingUploads(doc)) out.push(image);
    return out;
  }

  /** Images of this site's uploads that no longer exist (rich text's pictures too). */
  private async missingUploads(doc: PageDocument): Promise<Omit<PageProblemAnswer, 'id'>[]> {
    const found: { blockId: string | null; field: string; url: string }[] = [];
    const walk = (value: unknown, blockId: string | null, path: string) => {
      if (typeof value === 'string') {
        if (path.endsWith('html')) {
          for (const m of value.matchAll(/\ssrc="(\/uploads\/[^"?#]+)/g))
            found.push({ blockId, field: path, url: m[1]! });
        } else if (value.startsWith('/uploads/')) found.push({ blockId, field: path, url: value });
      } else if (Array.isArray(value)) {
        value.forEach((v, i) => walk(v, blockId, path === '' ? String(i) : `${path}.${i}`));
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value))
          walk(v, blockId, path === '' ? k : `${path}.${k}`);
      }
    };
    walk(doc.root.props, null, '');
    for (const block of doc.content) walk(block.props, block.props.id, '');
    const out: Omit<PageProblemAnswer, 'id'>[] = [];
    const checked = new Map<string, boolean>();
    for (const f of found) {
      const key = f.url.slice('/uploads/'.length);
      if (!checked.has(key)) {
        const bytes = await this.ctx.storage.read(key, 0, 1).catch(() => null);
        checked.set(key, bytes !== null);
      }
      if (!checked.get(key))
        out.push({ blockId: f.blockId, field: f.field, msg: '图片已不存在，请重新上传' });
    }
    return out;
  }

  /** Publish the draft at `revision` as a new immutable version. */
  async publish(
    actor: Actor,
    input: { id: number; revision: number; note: string },
  ): Promise<{ version: number }> {
    const row = await this.loadFor(actor, input.id, 'publish');
    if (Number(row.revision) !== input.revision) throw await this.staleRefusal(input.id);
    return this.publishRow(actor, row, input.note);
  }

  private async publishRow(
    actor: Actor,
    row: DecoratePageRow,
    note: string,
  ): Promise<{ version: number }> {
    const doc = parseDocument(row.draft_json);
    const problems = await this.problems(doc);
    if (problems.length > 0)
      throw failed(DecoratePageMessages.problems(problems.length), {
        errors: problems.map((p): PageProblemAnswer => ({ ...p, id: p.blockId })),
      });
    const id = Number(row.id);
    const version = Number(row.published_version ?? 0) + 1;
    const at = this.ctx.now();
    try {
      await auditedChange(this.ctx, actor, async (trx) => {
        const repo = new DecoratePagesRepo(trx);
        // The draft must still be the one checked (a save in between would publish unchecked).
        const current = await repo.find(id);
        if (!current || Number(current.revision) !== Number(row.revision))
          throw await this.staleRefusal(id);
        await repo.insertVersion({
          page_id: id,
          version,
          revision: Number(row.revision),
          document_json: row.draft_json,
          note,
          published_by: actor.displayName,
          published_at: at,
        });
        await repo.update(id, {
          published_version: version,
          published_revision: Number(row.revision),
          published_at: at,
          published_by: actor.displayName,
          published_targets_json: targetsJsonOf(doc),
          scheduled_at: null,
          scheduled_revision: null,
          updated_at: at,
        });
        await this.ctx.jobs.cancel(PAGE_PUBLISH_JOB, id, trx);
        return {
          result: undefined,
          entry: this.entry(row, 'publish', {
            before: { version: row.published_version },
            after: { version, revision: Number(row.revision), note },
          }),
        };
      });
    } catch (err) {
      // Another publish of the same page took this version number first.
      if (isUniqueViolation(err)) throw await this.staleRefusal(id);
      throw err;
    }
    return { version };
  }

  async versions(actor: Actor, id: number): Promise<PageVersionRow[]> {
    const row = await this.loadFor(actor, id);
    const live = row.published_version === null ? null : Number(row.published_version);
    return (await this.repo.versions(id)).map((v) => ({
      version: Number(v.version),
      revision: Number(v.revision),
      note: v.note,
      publishedBy: v.published_by,
      publishedAt: Number(v.published_at),
      live: Number(v.version) === live,
    }));
  }

  async version(
    actor: Actor,
    id: number,
    version: number,
  ): Promise<PageVersionRow & { document: PageDocument }> {
    const row = await this.loadFor(actor, id);
    const v = await this.repo.version(id, version);
    if (!v) throw new NotFoundError(DecoratePageMessages.versionNotFound);
    return {
      version: Number(v.version),
      revision: Number(v.revision),
      note: v.note,
      publishedBy: v.published_by,
      publishedAt: Number(v.published_at),
      live: Number(row.published_version) === Number(v.version),
      document: parseDocument(v.document_json),
    };
  }

  /** A new draft from an old version; history is never rewritten. */
  async rollback(actor: Actor, id: number, version: number): Promise<{ revision: number }> {
    const row = await this.loadFor(actor, id, 'rollback');
    this.assertNotLockedByOther(row, actor);
    const v = await this.repo.version(id, version);
    if (!v) throw new NotFoundError(DecoratePageMessages.versionNotFound);
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const repo = new DecoratePagesRepo(trx);
      const current = await repo.find(id);
      const revision = Number(current?.revision ?? row.revision);
      const saved = await repo.saveDraftIf(id, revision, {
        draft_json: v.document_json,
        draft_saved_at: at,
        draft_saved_by: actor.displayName,
      });
      if (!saved) throw await this.staleRefusal(id);
      return {
        result: { revision: revision + 1 },
        entry: this.entry(row, 'rollback', {
          before: { revision },
          after: { fromVersion: version, revision: revision + 1 },
          message: DecoratePageMessages.rolledBack(version),
        }),
      };
    });
  }

  /** Make this page the one the app shows (home, mall): exactly one, whatever runs at once. */
  async enable(actor: Actor, id: number): Promise<void> {
    const row = await this.loadFor(actor, id, 'enable');
    if (!ONE_ENABLED_KINDS.includes(row.kind)) throw failed(DecoratePageMessages.enableKind);
    if (row.published_version === null) throw failed(DecoratePageMessages.enableNeedsPublished);
    if (row.enabled_kind !== null) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await auditedChange(this.ctx, actor, async (trx) => {
          const repo = new DecoratePagesRepo(trx);
          await repo.lockKind(row.kind);
          const before = await repo.enabledOf(row.kind);
          await repo.clearEnabled(row.kind);
          await repo.update(id, { enabled_kind: row.kind, updated_at: this.ctx.now() });
          return {
            result: undefined,
            entry: this.entry(row, 'enable', {
              before: { enabled: before ? `${before.name}（${before.id}）` : null },
              after: { enabled: `${row.name}（${id}）` },
            }),
          };
        });
        return;
      } catch (err) {
        // Another enable of the same kind committed between our clear and set: try again.
        if (isUniqueViolation(err) && attempt < 5) continue;
        throw err;
      }
    }
  }

  /* ---------------------------------------------------------- 定时发布 */

  async schedule(
    actor: Actor,
    input: { id: number; revision: number; at: number; note: string },
  ): Promise<void> {
    const row = await this.loadFor(actor, input.id, 'publish');
    if (Number(row.revision) !== input.revision) throw await this.staleRefusal(input.id);
    if (input.at <= this.ctx.now()) throw failed(DecoratePageMessages.scheduleInPast);
    const problems = await this.problems(parseDocument(row.draft_json));
    if (problems.length > 0)
      throw failed(DecoratePageMessages.problems(problems.length), {
        errors: problems.map((p): PageProblemAnswer => ({ ...p, id: p.blockId })),
      });
    await auditedChange(this.ctx, actor, async (trx) => {
      await this.ctx.jobs.cancel(PAGE_PUBLISH_JOB, input.id, trx);
      await this.ctx.jobs.schedule(PAGE_PUBLISH_JOB, input.id, input.at, trx);
      await new DecoratePagesRepo(trx).update(input.id, {
        scheduled_at: input.at,
        scheduled_revision: input.revision,
        scheduled_by_id: actor.operatorId,
        scheduled_by: actor.displayName,
        updated_at: this.ctx.now(),
      });
      return {
        result: undefined,
        entry: this.entry(row, 'schedulePublish', {
          after: { scheduledAt: input.at, revision: input.revision, note: input.note },
        }),
      };
    });
  }

  async unschedule(actor: Actor, id: number): Promise<void> {
    const row = await this.loadFor(actor, id, 'publish');
    if (row.scheduled_at === null) throw failed(DecoratePageMessages.scheduleNothing);
    await auditedChange(this.ctx, actor, async (trx) => {
      await this.ctx.jobs.cancel(PAGE_PUBLISH_JOB, id, trx);
      await new DecoratePagesRepo(trx).update(id, {
        scheduled_at: null,
        scheduled_revision: null,
        updated_at: this.ctx.now(),
      });
      return {
        result: undefined,
        entry: this.entry(row, 'unschedulePublish', {
          before: { scheduledAt: Number(row.scheduled_at) },
        }),
      };
    });
  }

  /**
   * The scheduled publish (a job): the draft is checked again; a draft changed since it was
   * scheduled, or one that no longer passes, is not published. Either way the operation log says.
   */
  async publishScheduled(id: number): Promise<void> {
    const row = await this.repo.find(id);
    if (!row || row.scheduled_at === null) return;
    // The publish is the scheduling operator's (their permission was checked then).
    const name = row.scheduled_by ?? '';
    const system: Actor = {
      operatorId: Number(row.scheduled_by_id ?? 0),
      operatorName: name,
      displayName: name,
      groupId: 0,
      sessionId: 0,
      staffRole: 'operator',
      builtin: true,
      grants: new Set(),
      ip: '',
      requestId: `job:${PAGE_PUBLISH_JOB}:${id}`,
      log: { error: () => undefined },
    };
    if (Number(row.scheduled_revision) !== Number(row.revision)) {
      await this.scheduleFailed(system, row, '草稿在定时发布前又被修改，未发布');
      return;
    }
    try {
      await this.publishRow(system, row, '定时发布');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await this.scheduleFailed(system, row, err.message);
    }
  }

  private async scheduleFailed(actor: Actor, row: DecoratePageRow, reason: string): Promise<void> {
    await auditedChange(this.ctx, actor, async (trx) => {
      await new DecoratePagesRepo(trx).update(Number(row.id), {
        scheduled_at: null,
        scheduled_revision: null,
        updated_at: this.ctx.now(),
      });
      return {
        result: undefined,
        entry: this.entry(row, 'schedulePublish', { message: `定时发布失败：${reason}` }),
      };
    });
  }

  /* ---------------------------------------------------------- preview */

  /**
   * A link that opens the draft without a login: made by those who may draft or publish the page
   * (not by every viewer of the list), and written to the operation log.
   */
  async previewLink(actor: Actor, id: number, minutes: number): Promise<PreviewLink> {
    const row = await this.load(id);
    const page = PAGE_OF_KIND[row.kind];
    if (!holdsAny(actor, [actionKey(page, 'edit'), actionKey(page, 'publish')]))
      throw new PermissionError();
    const at = this.ctx.now();
    const expiresAt = at + minutes * MINUTE_MS;
    const linkId = await auditedChange(this.ctx, actor, async (trx) => {
      const linkId = await new DecoratePagesRepo(trx).insertPreview({
        page_id: id,
        revision: Number(row.revision),
        document_json: row.draft_json,
        expires_at: expiresAt,
        revoked_at: null,
        created_by: actor.displayName,
        created_at: at,
      });
      return {
        result: linkId,
        entry: this.entry(row, 'previewLink', {
          after: { revision: Number(row.revision), expiresAt },
        }),
      };
    });
    const token = signLinkToken(this.linkKey, { linkId, expiresAt });
    return {
      url: `${DECORATE_PREVIEW_PAGE}?token=${token}`,
      token,
      expiresAt,
      revision: Number(row.revision),
    };
  }

  async revokePreview(actor: Actor, id: number): Promise<number> {
    const row = await this.loadFor(actor, id, 'edit');
    return auditedChange(this.ctx, actor, async (trx) => {
      const revoked = await new DecoratePagesRepo(trx).revokePreviews(id, this.ctx.now());
      return {
        result: revoked,
        entry: this.entry(row, 'revokePreview', { after: { revokedLinks: revoked } }),
      };
    });
  }

  /** What a preview link shows (no login): the draft pinned when the link was made. */
  async preview(token: string): Promise<PublicPage> {
    const claims = verifyLinkToken(this.linkKey, token);
    if (!claims) throw failed(DecoratePageMessages.previewInvalid);
    const link = await this.repo.findPreview(claims.linkId);
    if (!link || Number(link.expires_at) !== claims.expiresAt)
      throw failed(DecoratePageMessages.previewInvalid);
    if (link.revoked_at !== null) throw failed(DecoratePageMessages.previewRevoked);
    if (claims.expiresAt <= this.ctx.now()) throw failed(DecoratePageMessages.previewExpired);
    const page = await this.repo.find(Number(link.page_id));
    if (!page) throw failed(DecoratePageMessages.previewInvalid);
    const document = parseDocument(link.document_json);
    return {
      version: Number(page.published_version ?? 0),
      name: page.name,
      document,
      records: await new PageRecords(this.ctx).resolve(document),
    };
  }

  /* ---------------------------------------------------------- lock */

  async lock(actor: Actor, id: number, takeOver: boolean): Promise<{ expiresAt: number }> {
    const row = await this.loadFor(actor, id, 'edit');
    const now = this.ctx.now();
    const until = now + PAGE_LOCK_MS;
    const holder = this.lockHolder(row, actor);
    const me = { id: actor.operatorId, name: actor.displayName };
    if (takeOver && holder !== null) {
      await auditedChange(this.ctx, actor, async (trx) => {
        await new DecoratePagesRepo(trx).takeLock(id, me, now, until, true);
        return {
          result: undefined,
          entry: this.entry(row, 'takeOver', {
            before: { lockedBy: holder },
            after: { lockedBy: actor.displayName },
          }),
        };
      });
      return { expiresAt: until };
    }
    if (!(await this.repo.takeLock(id, me, now, until, false))) {
      const current = await this.load(id);
      const name = this.lockHolder(current, actor) ?? '';
      throw failed(DecoratePageMessages.lockedBy(name), { lockedBy: name });
    }
    return { expiresAt: until };
  }

  async unlock(actor: Actor, id: number): Promise<void> {
    await this.loadFor(actor, id);
    await this.repo.releaseLock(id, actor.operatorId);
  }

  /* ---------------------------------------------------------- public */

  /** The live version of the enabled page of a kind, or of a topic; the built-in page if none. */
  async livePage(kind: PageKind, topicId?: number): Promise<PublicPage> {
    const row =
      kind === 'topic' ? await this.repo.find(topicId ?? 0) : await this.repo.enabledOf(kind);
    if (kind === 'topic' && (!row || row.kind !== 'topic' || row.published_version === null))
      throw new NotFoundError(DecoratePageMessages.notFound);
    if (!row || row.published_version === null) {
      const document = defaultDocument(kind === 'mall' ? 'mall' : 'home', PAGE_KIND_LABELS[kind]);
      return {
        version: 0,
        name: PAGE_KIND_LABELS[kind],
        document,
        records: await new PageRecords(this.ctx).resolve(document),
      };
    }
    const v = await this.repo.version(Number(row.id), Number(row.published_version));
    if (!v) throw new NotFoundError(DecoratePageMessages.versionNotFound);
    const published = parseDocument(v.document_json);
    const [document, records] = await Promise.all([
      this.withoutDeadLinks(published),
      new PageRecords(this.ctx).resolve(published),
    ]);
    return { version: Number(v.version), name: row.name, document, records };
  }

  /**
   * The live version as members may follow it: a link to a goods item, topic or video that is no
   * longer shown to them (taken off shelf, unpublished, disabled, deleted since) is served as no
   * link; the operators see 链接失效 in the list until they fix the page.
   */
  private async withoutDeadLinks(document: PageDocument): Promise<PageDocument> {
    const links = documentLinks(document).flatMap((l) => {
      const parsed = navLinkSchema.safeParse(l.link);
      return parsed.success ? [{ ...l, link: parsed.data }] : [];
    });
    if (links.length === 0) return document;
    const problems = await new LinkTargetService(this.ctx).problems(links.map((l) => l.link));
    return withoutLinks(
      document,
      links.filter((_, i) => problems[i] !== null),
    );
  }

  /** The records a draft's blocks show (the builder's phone). */
  resolveRecords(document: PageDocument) {
    return new PageRecords(this.ctx).resolve(document);
  }

  /** For the list pages of goods, videos and topics: which live pages link to a record. */
  pagesLinkingTo(kind: string, id: number) {
    return this.repo.linkingTo(kind, id);
  }
}
