import {
  COURIER_LABELS,
  DeviceReturnMessages,
  SETTINGS_DEFAULTS,
  type BaseSet,
  type DeviceReturnFileRequest,
  type DeviceReturnFiled,
  type DeviceStatus,
  type PublicReturnAddress,
} from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { MembersRepo } from '../../member/members/repo.js';
import { DevicesRepo } from '../devices/repo.js';
import { DeviceReturnsRepo } from './repo.js';

/** A member may send back a device that is lent or bound to them. */
const RETURNABLE: readonly DeviceStatus[] = ['lent', 'bound'];

/** Who the device events of a member's own filing name. */
export const MEMBER_OPERATOR = '会员';

/**
 * Returns members file on the public page /equipment-return-address: the address to send the
 * device to (基础设置), and the filing (phone, serial, courier, tracking number) the device page
 * shows and the overview counts until the device is marked returned.
 */
export class DeviceReturnService {
  constructor(private readonly ctx: AppContext) {}

  /** The return address of 基础设置 (empty, `configured` false, until it is set). */
  address(): PublicReturnAddress {
    const base = this.ctx.settings.get<BaseSet>('base_set', SETTINGS_DEFAULTS.base_set);
    const a = base.returnAddress ?? SETTINGS_DEFAULTS.base_set.returnAddress;
    return {
      receiver: a.receiver,
      phone: a.phone,
      address: a.address,
      configured: a.receiver.trim() !== '' && a.address.trim() !== '',
    };
  }

  /**
   * File a return. The device must be lent or bound to the member with that phone; an unknown
   * serial, an unknown phone and a pair that does not belong together get the same answer, so the
   * page tells nobody which part was wrong. Filing the same tracking number again changes nothing.
   */
  async file(input: DeviceReturnFileRequest): Promise<DeviceReturnFiled> {
    const [device, member] = await Promise.all([
      new DevicesRepo(this.ctx.db).findBySerial(input.serial),
      new MembersRepo(this.ctx.db).findByPhone(input.phone),
    ]);
    if (
      !device ||
      !member ||
      device.member_id === null ||
      Number(device.member_id) !== Number(member.id) ||
      !RETURNABLE.includes(device.status)
    )
      throw new AppError(255, DeviceReturnMessages.mismatch);
    const deviceId = Number(device.id);
    const memberId = Number(member.id);
    const answer = (filedAt: number, duplicate: boolean): DeviceReturnFiled => ({
      serial: device.serial,
      courier: input.courier,
      trackingNo: input.trackingNo,
      filedAt,
      duplicate,
    });

    const at = this.ctx.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      const returns = new DeviceReturnsRepo(trx);
      const filed = await returns.findFiled(deviceId, input.trackingNo);
      if (filed) return answer(Number(filed.filed_at), true);
      await returns.insert({
        device_id: deviceId,
        member_id: memberId,
        courier: input.courier,
        tracking_no: input.trackingNo,
        status: 'pending',
        filed_at: at,
        handled_at: null,
        handled_by: null,
        remark: '',
      });
      await new DevicesRepo(trx).insertEvent({
        device_id: deviceId,
        action: 'returnFiled',
        from_status: device.status,
        to_status: device.status,
        member_id: memberId,
        operator_id: null,
        operator_name: MEMBER_OPERATOR,
        remark: `${COURIER_LABELS[input.courier]} ${input.trackingNo}`,
        data_json: JSON.stringify({ courier: input.courier, trackingNo: input.trackingNo }),
        created_at: at,
      });
      return answer(at, false);
    });
  }

  /** Devices with a return waiting to be received (the overview's to-do). */
  pendingCount(db = this.ctx.db): Promise<number> {
    return new DeviceReturnsRepo(db).pendingDeviceCount();
  }
}
