/**
 * Old combined names kept for one change while the server and web move to the per-entity ones
 * (GradePaths, ChannelPaths, ...). Delete this file once nothing imports from it.
 */
import { PAGES } from './catalogue.js';
import { GroupMessages, GroupPaths } from './authority/groups.js';
import { OperatorMessages, OperatorPaths } from './authority/operators.js';
import { ActionLogPaths } from './member/action-logs.js';
import { ChannelMessages, ChannelPaths } from './member/channels.js';
import { GradeMessages, GradePaths } from './member/grades.js';
import { LogoffMessages, LogoffPaths } from './member/logoffs.js';

export const MemberAdminPages = {
  lists: PAGES.members,
  detail: PAGES.memberDetail,
  grade: PAGES.grades,
  gradeLog: PAGES.gradeLogs,
  channel: PAGES.channels,
  actionLog: PAGES.actionLogs,
  logoff: PAGES.logoffs,
} as const;

export const MemberAdminPaths = {
  gradeList: GradePaths.list,
  gradeOptions: GradePaths.options,
  gradeDetail: GradePaths.detail,
  gradeAdd: GradePaths.add,
  gradeUpdate: GradePaths.update,
  gradeDelete: GradePaths.delete,
  changeMemberGrade: GradePaths.changeMemberGrade,
  gradeLogList: GradePaths.logList,
  gradeLogExport: GradePaths.logExport,
  channelList: ChannelPaths.list,
  channelOptions: ChannelPaths.options,
  channelDetail: ChannelPaths.detail,
  channelAdd: ChannelPaths.add,
  channelUpdate: ChannelPaths.update,
  channelDelete: ChannelPaths.delete,
  channelQrcode: ChannelPaths.qrcode,
  actionLogList: ActionLogPaths.list,
  actionLogExport: ActionLogPaths.export,
  logoffList: LogoffPaths.list,
  logoffApprove: LogoffPaths.approve,
  logoffReject: LogoffPaths.reject,
} as const;
export const MemberAdminMessages = {
  gradeNotFound: GradeMessages.gradeNotFound,
  gradeNameRequired: GradeMessages.gradeNameRequired,
  gradeNameTaken: GradeMessages.gradeNameTaken,
  growthRequired: GradeMessages.growthRequired,
  growthTaken: GradeMessages.growthTaken,
  lowestGradeGrowth: GradeMessages.lowestGradeGrowth,
  lowestGradeKeep: GradeMessages.lowestGradeKeep,
  lowestGradeDelete: GradeMessages.lowestGradeDelete,
  gradeInUse: GradeMessages.gradeInUse,
  gradeIsDefault: GradeMessages.gradeIsDefault,
  multiplierRequired: GradeMessages.multiplierRequired,
  memberNotFound: GradeMessages.memberNotFound,
  memberLoggedOff: GradeMessages.memberLoggedOff,
  gradeReasonRequired: GradeMessages.gradeReasonRequired,
  gradeUnchanged: GradeMessages.gradeUnchanged,
  channelNotFound: ChannelMessages.channelNotFound,
  channelNameRequired: ChannelMessages.channelNameRequired,
  channelCodeRequired: ChannelMessages.channelCodeRequired,
  channelCodeInvalid: ChannelMessages.channelCodeInvalid,
  channelCodeTaken: ChannelMessages.channelCodeTaken,
  channelInUse: ChannelMessages.channelInUse,
  h5DomainMissing: ChannelMessages.h5DomainMissing,
  logoffNotFound: LogoffMessages.logoffNotFound,
  logoffHandled: LogoffMessages.logoffHandled,
  rejectReasonRequired: LogoffMessages.rejectReasonRequired,
  approved: LogoffMessages.approved,
  rejected: LogoffMessages.rejected,
} as const;

export const AuthorityPaths = {
  groupList: GroupPaths.list,
  groupDetail: GroupPaths.detail,
  groupAdd: GroupPaths.add,
  groupUpdate: GroupPaths.update,
  groupDelete: GroupPaths.delete,
  groupOptions: GroupPaths.options,
  operatorList: OperatorPaths.list,
  operatorDetail: OperatorPaths.detail,
  operatorAdd: OperatorPaths.add,
  operatorUpdate: OperatorPaths.update,
  operatorDelete: OperatorPaths.delete,
  operatorResetPwd: OperatorPaths.resetPwd,
  operatorEnable: OperatorPaths.enable,
  operatorDisable: OperatorPaths.disable,
  operatorRevealPhone: OperatorPaths.revealPhone,
  operatorSessions: OperatorPaths.sessions,
  operatorRevokeSession: OperatorPaths.revokeSession,
  mySessions: OperatorPaths.mySessions,
  revokeMySession: OperatorPaths.revokeMySession,
} as const;
export const AuthorityMessages = {
  groupNotFound: GroupMessages.groupNotFound,
  groupNameTaken: GroupMessages.groupNameTaken,
  builtinLocked: GroupMessages.builtinLocked,
  groupInUse: GroupMessages.groupInUse,
  noPageSelected: GroupMessages.noPageSelected,
  operatorNotFound: OperatorMessages.operatorNotFound,
  usernameTaken: OperatorMessages.usernameTaken,
  cannotDisableSelf: OperatorMessages.cannotDisableSelf,
  cannotDeleteSelf: OperatorMessages.cannotDeleteSelf,
  lastSuperAdmin: OperatorMessages.lastSuperAdmin,
  sessionNotFound: OperatorMessages.sessionNotFound,
  cannotRevokeCurrent: OperatorMessages.cannotRevokeCurrent,
  groupMissing: OperatorMessages.groupMissing,
  groupNotHeld: OperatorMessages.groupNotHeld,
  resourcesNotHeld: GroupMessages.resourcesNotHeld,
  groupBeyondOwn: GroupMessages.groupBeyondOwn,
  ownGroupLocked: GroupMessages.ownGroupLocked,
  ownGroupChange: OperatorMessages.ownGroupChange,
  superAdminOnly: OperatorMessages.superAdminOnly,
  operatorBeyondOwn: OperatorMessages.operatorBeyondOwn,
} as const;
