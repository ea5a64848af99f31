import {
  AssistantMessages,
  ASSISTANT_LIST_MAX,
  maskPhone,
  State,
  type AssistantCall,
  type AssistantOverview,
  type AssistantReceive,
  type HealthTask,
  type HealthTaskBook,
  type Device,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError } from '../../../platform/errors.js';
import { DeviceService, toDeviceReturn } from '../../device/devices/service.js';
import { DeviceReturnsRepo } from '../../device/returns/repo.js';
import { HealthTasksRepo } from '../tasks/repo.js';
import { HealthTaskService, toTask } from '../tasks/service.js';

const failed = (msg: string) => new AppError(State.FAILED, msg);

/**
 * 助理工作台: the assistant's follow-up calls, tasks to book and device returns, and the steps
 * taken on them — through the task service and the device service, so the rules, events and
 * operation log are theirs.
 */
export class AssistantService {
  private readonly tasks: HealthTaskService;

  constructor(private readonly ctx: AppContext) {
    this.tasks = new HealthTaskService(ctx);
  }

  async overview(actor: Actor): Promise<AssistantOverview> {
    const tasks = new HealthTasksRepo(this.ctx.db);
    const returns = new DeviceReturnsRepo(this.ctx.db);
    const [followUps, toBook, counts, pending, pendingCount] = await Promise.all([
      tasks.followUpsOf(actor.operatorId, ASSISTANT_LIST_MAX),
      tasks.toBookOf(actor.operatorId, ASSISTANT_LIST_MAX),
      tasks.assistantCounts(actor.operatorId),
      returns.pending(ASSISTANT_LIST_MAX),
      returns.pendingCount(),
    ]);
    return {
      counts: { ...counts, returns: pendingCount },
      followUps: followUps.map((r) => toTask(r, actor.operatorId)),
      toBook: toBook.map((r) => toTask(r, actor.operatorId)),
      returns: pending.map((r) => ({
        ...toDeviceReturn(r),
        memberPhone: r.member_id === null ? null : maskPhone(r.member_phone),
        deviceStatus: r.device_status as Device['status'],
      })),
    };
  }

  /** A task of the caller's (the workbench acts on the assistant's own tasks only). */
  private async mine(actor: Actor, id: number): Promise<HealthTask> {
    const task = await this.tasks.detail(actor, id);
    if (!task.mine) throw failed(AssistantMessages.notMine);
    return task;
  }

  /** A follow-up call: reached completes the task with the outcome; not reached is an attempt. */
  async call(actor: Actor, input: AssistantCall): Promise<HealthTask> {
    const task = await this.mine(actor, input.id);
    if (task.kind !== 'follow_up_call') throw failed(AssistantMessages.notFollowUp);
    return input.result === 'reached'
      ? this.tasks.step(actor, 'complete', { id: input.id, outcome: input.outcome })
      : this.tasks.recordAttempt(actor, input.id, input.outcome);
  }

  async book(actor: Actor, input: HealthTaskBook): Promise<HealthTask> {
    await this.mine(actor, input.id);
    return this.tasks.book(actor, input);
  }

  /** The device of a pending return arrived: the lifecycle's 登记归还 (it receives the return). */
  async receive(actor: Actor, input: AssistantReceive): Promise<{ id: number }> {
    const pending = await new DeviceReturnsRepo(this.ctx.db).findPending(input.id);
    if (!pending) throw new NotFoundError(AssistantMessages.returnNotFound);
    await new DeviceService(this.ctx).transition(actor, 'markReturned', {
      id: Number(pending.device_id),
      remark: input.remark,
    });
    return { id: input.id };
  }
}
