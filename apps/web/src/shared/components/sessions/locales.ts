import { registerFeatureLocale } from '../../i18n';

const zh = {
  device: '设备',
  ip: 'IP 地址',
  createdAt: '登录时间',
  lastSeenAt: '最近活动',
  current: '当前会话',
  revoke: '结束会话',
  revokeConfirm: '确定结束这个会话吗？该设备需要重新登录。',
  revoked: '会话已结束',
  empty: '没有在线会话',
  loadError: '会话加载失败',
  retry: '重试',
  unknownDevice: '未知设备',
  myTitle: '登录会话',
  myTip: '您的账号当前有效的登录。如有不认识的设备，请结束其会话并修改密码。',
};
const en: typeof zh = {
  device: 'Device',
  ip: 'IP address',
  createdAt: 'Signed in',
  lastSeenAt: 'Last active',
  current: 'This session',
  revoke: 'End session',
  revokeConfirm: 'End this session? That device will have to sign in again.',
  revoked: 'Session ended',
  empty: 'No live sessions',
  loadError: 'Could not load the sessions',
  retry: 'Retry',
  unknownDevice: 'Unknown device',
  myTitle: 'Sessions',
  myTip:
    'Where your account is signed in. End any session you do not recognise and change your password.',
};

/** Strings of the session table (operator sessions, own sessions), namespace "sessions". */
export const SESSIONS_NS = registerFeatureLocale('sessions', zh, en);
