import {
  ALL_PAGE_PATHS,
  ALL_PERMISSION_KEYS,
  ACTION_SEPARATOR,
  expandGrants,
  findPage,
  isPermissionKey,
  PAGES,
  permissionKeyTitle,
  type GroupDetail,
  type GroupListItem,
  type GroupListQuery,
  type GroupOption,
  type Page,
  type StaffRole,
  State,
  GroupMessages,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { fromDbBool } from '../../../db/values.js';
import { holdsGroup, keysNotHeld } from '../../../platform/permissions.js';
import { auditedAdd, auditedChange, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { GroupsRepo, type GroupRow } from './repo.js';

const CATALOGUE_ORDER = new Map(ALL_PERMISSION_KEYS.map((key, i) => [key, i]));
const byCatalogueOrder = (a: string, b: string) =>
  (CATALOGUE_ORDER.get(a) ?? 0) - (CATALOGUE_ORDER.get(b) ?? 0);

const isPageKey = (key: string) => !key.includes(ACTION_SEPARATOR);
/**
 * A page one picks in the group editor: hidden pages come with their list page and are not
 * counted, so the list's 页面数 is the editor's "已选 N 个页面".
 */
const isPickedPage = (key: string) => isPageKey(key) && !findPage(key)?.hidden;
const ALL_PICKABLE_PAGES = ALL_PAGE_PATHS.filter(isPickedPage).length;

/** The group's effective keys (hidden pages of granted list pages included), catalogue order. */
function effectiveKeys(row: { builtin: number }, stored: readonly string[]): string[] {
  if (fromDbBool(row.builtin)) return [...ALL_PERMISSION_KEYS];
  return [...expandGrants(stored)].sort(byCatalogueOrder);
}

/**
 * What is stored for a picked set of keys: known keys only, actions only with their page, and no
 * hidden pages (they come with their list page when grants are expanded, never on their own).
 */
export function keysToStore(picked: readonly string[]): string[] {
  const unknown = picked.filter((key) => !isPermissionKey(key));
  if (unknown.length > 0) {
    throw ValidationError.field('resources', `包含未知的权限项：${unknown.slice(0, 3).join('、')}`);
  }
  const keys = [...expandGrants(picked)].filter(
    (key) => !(isPageKey(key) && findPage(key)?.hidden),
  );
  if (!keys.some(isPageKey)) {
    throw ValidationError.field('resources', GroupMessages.noPageSelected);
  }
  return keys.sort(byCatalogueOrder);
}

/** The 岗位 a group's operators have (GroupOption.staffRole). */
function staffRoleOf(builtin: boolean, grants: ReadonlySet<string>): StaffRole {
  if (builtin) return 'admin';
  if (grants.has(PAGES.doctorWorkbench)) return 'doctor';
  if (grants.has(PAGES.assistantWorkbench)) return 'assistant';
  return 'operator';
}

interface GroupInput {
  name: string;
  description: string;
  resources: string[];
}

export class GroupsService {
  private readonly repo: GroupsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new GroupsRepo(ctx.db);
  }

  /**
   * Whether the caller may edit or delete a group: not the built-in one, not its own (nobody
   * changes its own permissions), and every permission in it is one the caller holds.
   */
  private static editableBy(actor: Actor, row: GroupRow, keys: readonly string[]): boolean {
    if (fromDbBool(row.builtin) || row.id === actor.groupId) return false;
    return keysNotHeld(actor, keys).length === 0;
  }

  /** A group as the caller sees it; `keys` are its effective keys (effectiveKeys). */
  private static toItem(actor: Actor, row: GroupRow, keys: readonly string[]): GroupListItem {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      builtin: fromDbBool(row.builtin),
      pageCount: fromDbBool(row.builtin) ? ALL_PICKABLE_PAGES : keys.filter(isPickedPage).length,
      operatorCount: row.operator_count,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      isOwn: row.id === actor.groupId,
      editable: GroupsService.editableBy(actor, row, keys),
    };
  }

  async list(
    actor: Actor,
    query: GroupListQuery & { current: number; pageSize: number },
  ): Promise<Page<GroupListItem>> {
    const page = await this.repo.list(query);
    const resources = await this.repo.resourcesOf(page.list.map((g) => g.id));
    return {
      list: page.list.map((row) =>
        GroupsService.toItem(actor, row, effectiveKeys(row, resources.get(row.id) ?? [])),
      ),
      pagination: page.pagination,
    };
  }

  private async load(id: number): Promise<{ row: GroupRow; stored: string[] }> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(GroupMessages.groupNotFound);
    const stored = (await this.repo.resourcesOf([id])).get(id) ?? [];
    return { row, stored };
  }

  async detail(actor: Actor, id: number): Promise<GroupDetail> {
    const { row, stored } = await this.load(id);
    const keys = effectiveKeys(row, stored);
    return { ...GroupsService.toItem(actor, row, keys), resources: keys };
  }

  /** The operator form's group choices; `assignable` when the caller holds the whole group. */
  async options(actor: Actor): Promise<GroupOption[]> {
    const rows = await this.repo.options();
    return Promise.all(
      rows.map(async (r) => {
        const builtin = fromDbBool(r.builtin);
        const { grants } = await this.ctx.grants.of(r.id, Number(r.updated_at), builtin);
        return {
          id: r.id,
          name: r.name,
          builtin,
          assignable: holdsGroup(actor, { builtin, grants }),
          staffRole: staffRoleOf(builtin, grants),
        };
      }),
    );
  }

  /** Refuse (267, logged) granting a permission the caller does not hold itself. */
  private async assertHoldsKeys(
    actor: Actor,
    keys: readonly string[],
    action: string,
    target: string,
  ) {
    const missing = keysNotHeld(actor, keys);
    if (missing.length === 0) return;
    const titles = missing.slice(0, 3).map(permissionKeyTitle).join('、');
    throw await this.ctx.audit.refusal(
      actor,
      { module: 'authority', action, target, after: { resources: missing } },
      GroupMessages.resourcesNotHeld(
        missing.length > 3 ? `${titles} 等${missing.length}项` : titles,
      ),
    );
  }

  /**
   * Refuse (267, logged) changing a group the caller may not change: its own group (nobody
   * raises its own permissions) or a group holding permissions the caller does not hold.
   */
  private async assertMayChange(
    actor: Actor,
    row: GroupRow,
    stored: readonly string[],
    action: string,
  ) {
    if (GroupsService.editableBy(actor, row, effectiveKeys(row, stored))) return;
    throw await this.ctx.audit.refusal(
      actor,
      { module: 'authority', action, target: `权限组 ${row.name}` },
      row.id === actor.groupId ? GroupMessages.ownGroupLocked : GroupMessages.groupBeyondOwn,
    );
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByName(name);
    if (other && other.id !== exceptId) {
      throw ValidationError.field('name', GroupMessages.groupNameTaken);
    }
  }

  private static snapshot(row: { name: string; description: string }, keys: readonly string[]) {
    return { name: row.name, description: row.description, resources: [...keys] };
  }

  async add(actor: Actor, input: GroupInput): Promise<number> {
    const keys = keysToStore(input.resources);
    await this.assertHoldsKeys(actor, keys, 'add', `权限组 ${input.name}`);
    await this.assertNameFree(input.name);
    const at = this.ctx.now();
    return auditedAdd(
      this.ctx,
      actor,
      {
        module: 'authority',
        target: `权限组 ${input.name}`,
        insert: async (trx) => {
          const repo = new GroupsRepo(trx);
          const id = await repo.insert({ name: input.name, description: input.description, at });
          await repo.replaceResources(id, keys);
          return id;
        },
        after: (id) => ({ id, ...GroupsService.snapshot(input, keys) }),
      },
      () => ValidationError.field('name', GroupMessages.groupNameTaken),
    );
  }

  /**
   * Save a group. Its operators see the change at their next request: the group's updated_at is
   * its version in the grants cache and is bumped (strictly) in the same transaction.
   */
  async update(actor: Actor, id: number, input: GroupInput): Promise<void> {
    const { row, stored } = await this.load(id);
    if (fromDbBool(row.builtin)) throw new AppError(State.FAILED, GroupMessages.builtinLocked);
    await this.assertMayChange(actor, row, stored, 'edit');
    const keys = keysToStore(input.resources);
    await this.assertHoldsKeys(actor, keys, 'edit', `权限组 ${row.name}`);
    await this.assertNameFree(input.name, id);
    const version = Math.max(this.ctx.now(), Number(row.updated_at) + 1);
    await auditedEdit(
      this.ctx,
      actor,
      {
        module: 'authority',
        target: `权限组 ${row.name}`,
        before: { id, ...GroupsService.snapshot(row, [...stored].sort(byCatalogueOrder)) },
        after: { id, ...GroupsService.snapshot(input, keys) },
        update: async (trx) => {
          const repo = new GroupsRepo(trx);
          await repo.update(id, { name: input.name, description: input.description, version });
          await repo.replaceResources(id, keys);
        },
      },
      () => ValidationError.field('name', GroupMessages.groupNameTaken),
    );
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const { row, stored } = await this.load(id);
    if (fromDbBool(row.builtin)) throw new AppError(State.FAILED, GroupMessages.builtinLocked);
    await this.assertMayChange(actor, row, stored, 'delete');
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new GroupsRepo(trx);
      // Counted inside the transaction so an operator added meanwhile is not orphaned.
      const operators = await repo.countOperators(id);
      if (operators > 0) throw new AppError(State.FAILED, GroupMessages.groupInUse(operators));
      await repo.delete(id);
      return {
        result: undefined,
        entry: {
          module: 'authority',
          action: 'delete',
          target: `权限组 ${row.name}`,
          before: { id, ...GroupsService.snapshot(row, [...stored].sort(byCatalogueOrder)) },
        },
      };
    });
  }
}
