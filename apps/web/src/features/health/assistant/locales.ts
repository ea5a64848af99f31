import { type BilingualTable, registerBilingualLocale } from '../../../shared/i18n';

/** Strings of 助理工作台, each as [zh-CN, en-US]. */
const strings = {
  followUps: ['异常随访', 'Follow-ups'],
  toBook: ['待预约', 'To book'],
  returns: ['设备寄回', 'Device returns'],
  followUpsHint: [
    '分配给我的电话随访：接通后记录随访结果即完成任务；未接通会记入流转记录，稍后再拨。',
    'Follow-up calls assigned to me: a reached call with its outcome completes the task; a call not answered is kept on the timeline, to call again.',
  ],
  toBookHint: [
    '分配给我、需要与会员约定时间的任务。',
    'My tasks that need a time agreed with the member.',
  ],
  returnsHint: [
    '会员寄回的设备：收到设备后签收，设备登记为已归还。',
    'Devices members posted back: receive one when it arrives; the device is marked returned.',
  ],
  task: ['任务', 'Task'],
  member: ['会员', 'Member'],
  due: ['截止时间', 'Due'],
  appointment: ['预约时间', 'Appointment'],
  note: ['说明', 'Notes'],
  call: ['记录随访', 'Record call'],
  book: ['预约', 'Book'],
  callTitle: ['记录随访：{{name}}', 'Record the call: {{name}}'],
  result: ['随访结果', 'Result'],
  reached: ['已接通', 'Reached'],
  unreachable: ['未接通', 'Not answered'],
  outcome: ['随访记录', 'Call notes'],
  outcomeReached: ['如：会员血压平稳，已按时服药', 'e.g. BP stable; taking the medication'],
  outcomeMissed: ['如：无人接听，明天上午再拨', 'e.g. No answer; call again tomorrow morning'],
  callDone: ['随访已记录', 'Call recorded'],
  serial: ['设备序列号', 'Serial'],
  courier: ['快递', 'Courier'],
  trackingNo: ['运单号', 'Tracking no.'],
  filedAt: ['寄出登记时间', 'Filed'],
  deviceStatus: ['设备状态', 'Device status'],
  receive: ['签收', 'Receive'],
  receiveConfirm: ['确认已收到设备 {{serial}}？', 'Received device {{serial}}?'],
  received: ['已签收', 'Received'],
  ok: ['确定', 'OK'],
  cancel: ['取消', 'Cancel'],
  op: ['操作', 'Actions'],
  empty: ['暂无', 'Nothing here'],
} satisfies BilingualTable;

/** Namespace "healthAssistant": the assistant workbench. */
export const HEALTH_ASSISTANT_NS = registerBilingualLocale('healthAssistant', strings);
