import {
  ADVERT_POSITIONS,
  ADVERT_PUBLIC_MAX,
  AdvertMessages,
  advertStateAt,
  type Advert,
  type AdvertListQuery,
  type AdvertPosition,
  type AdvertSaveRequest,
  type NavLink,
  type NavType,
  type Page,
  type PublicAdvert,
} from '@health/contract';
import { fromDbBool, toDbBool } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedAdd, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFoundError, ValidationError } from '../../../platform/errors.js';
import type { PageRequest } from '../../../platform/pagination.js';
import { LinkTargetService, type LinkDescription } from '../link-targets/service.js';
import { AdvertsRepo, type AdvertRow } from './repo.js';

const AUDIT_MODULE = 'decorate';

const linkOf = (row: AdvertRow): NavLink => ({
  navType: row.nav_type as NavType,
  subContent: row.sub_content,
});

function toAdvert(row: AdvertRow, now: number, link: LinkDescription): Advert {
  const enabled = fromDbBool(row.enabled);
  const startAt = Number(row.start_at);
  const endAt = Number(row.end_at);
  return {
    id: Number(row.id),
    position: row.position as AdvertPosition,
    title: row.title,
    image: row.image,
    navType: row.nav_type as NavType,
    subContent: row.sub_content,
    startAt,
    endAt,
    sort: Number(row.sort),
    enabled,
    state: advertStateAt({ enabled, startAt, endAt }, now),
    linkLabel: link.label,
    linkProblem: link.problem,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** What the operation log keeps of a slot. */
function snapshot(slot: {
  id: number;
  title: string;
  position: AdvertPosition;
  image: string;
  navType: NavType;
  subContent: string;
  startAt: number;
  endAt: number;
  sort: number;
  enabled: boolean;
}) {
  return {
    id: slot.id,
    title: slot.title,
    position: slot.position,
    image: slot.image,
    navType: slot.navType,
    subContent: slot.subContent,
    startAt: slot.startAt,
    endAt: slot.endAt,
    sort: slot.sort,
    enabled: slot.enabled,
  };
}

const snapshotOfInput = (id: number, input: AdvertSaveRequest) =>
  snapshot({ id, ...input, navType: input.link.navType, subContent: input.link.subContent });

/** "首页轮播 春季健康节". */
const target = (slot: { position: AdvertPosition; title: string }) =>
  `${ADVERT_POSITIONS[slot.position].label} ${slot.title}`;

/**
 * 广告位 (/decorate_m/adv): images the member app shows at fixed places, each with a link, a time
 * window and an order; and the app's list of what shows at a place now.
 */
export class AdvertService {
  private readonly repo: AdvertsRepo;
  private readonly targets: LinkTargetService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new AdvertsRepo(ctx.db);
    this.targets = new LinkTargetService(ctx);
  }

  async list(query: AdvertListQuery & PageRequest): Promise<Page<Advert>> {
    const now = this.ctx.now();
    const page = await this.repo.list(query, now);
    const links = await this.targets.describe(page.list.map(linkOf));
    return {
      list: page.list.map((row, i) => toAdvert(row, now, links[i]!)),
      pagination: page.pagination,
    };
  }

  private async load(id: number): Promise<AdvertRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(AdvertMessages.notFound);
    return row;
  }

  /** The link's target must exist and be shown to members: else its reason, on the link. */
  private async assertLinkWorks(link: NavLink): Promise<void> {
    const [problem] = await this.targets.problems([link]);
    if (problem) throw ValidationError.field('link.subContent', problem);
  }

  private static columns(input: AdvertSaveRequest) {
    return {
      title: input.title,
      position: input.position,
      image: input.image,
      nav_type: input.link.navType,
      sub_content: input.link.subContent,
      start_at: input.startAt,
      end_at: input.endAt,
      sort: input.sort,
      enabled: toDbBool(input.enabled),
    };
  }

  async add(actor: Actor, input: AdvertSaveRequest): Promise<number> {
    await this.assertLinkWorks(input.link);
    const at = this.ctx.now();
    return auditedAdd(this.ctx, actor, {
      module: AUDIT_MODULE,
      target: target(input),
      insert: (trx) =>
        new AdvertsRepo(trx).insert({
          ...AdvertService.columns(input),
          created_at: at,
          updated_at: at,
        }),
      after: (id) => snapshotOfInput(id, input),
    });
  }

  async update(actor: Actor, id: number, input: AdvertSaveRequest): Promise<void> {
    const row = await this.load(id);
    await this.assertLinkWorks(input.link);
    const before = toAdvert(row, this.ctx.now(), { label: '', problem: null });
    await auditedEdit(this.ctx, actor, {
      module: AUDIT_MODULE,
      target: target(before),
      before: snapshot(before),
      after: snapshotOfInput(id, input),
      update: (trx) =>
        new AdvertsRepo(trx).update(id, {
          ...AdvertService.columns(input),
          updated_at: this.ctx.now(),
        }),
    });
  }

  /** Delete one or several slots; every id must exist. */
  async delete(actor: Actor, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findMany(unique);
    if (rows.length !== unique.length) throw new NotFoundError(AdvertMessages.notFound);
    const now = this.ctx.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      const deleted = await new AdvertsRepo(trx).deleteMany(unique);
      for (const row of rows) {
        const slot = toAdvert(row, now, { label: '', problem: null });
        await this.ctx.audit.record(
          actor,
          { module: AUDIT_MODULE, action: 'delete', target: target(slot), before: snapshot(slot) },
          trx,
        );
      }
      return deleted;
    });
  }

  /**
   * The member app's slots of a position: enabled, inside their window now, by sort. A slot whose
   * linked record is no longer shown keeps its image without the link (a tap goes nowhere rather
   * than to a missing page).
   */
  async showing(position: AdvertPosition): Promise<PublicAdvert[]> {
    const rows = await this.repo.showing(position, this.ctx.now(), ADVERT_PUBLIC_MAX);
    const problems = await this.targets.problems(rows.map(linkOf));
    return rows.map((row, i) => ({
      id: Number(row.id),
      title: row.title,
      image: row.image,
      navType: problems[i] ? 'none' : (row.nav_type as NavType),
      subContent: problems[i] ? '' : row.sub_content,
      startAt: Number(row.start_at),
      endAt: Number(row.end_at),
      sort: Number(row.sort),
    }));
  }
}
