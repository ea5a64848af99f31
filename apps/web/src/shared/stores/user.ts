import { create } from 'zustand';
import { StorageKeys, type NeedChangeType, type StaffRole, type UserInfo } from '@health/contract';
import { readJson, writeJson } from '../session/storage';

/** The stored user dictionary (StorageKeys.userDict): what login and the user-info call tell. */
export interface UserDict {
  need_change_pwd: boolean;
  need_change_type: NeedChangeType | null;
  name?: string;
  avatar?: string;
  introduction?: string;
  roles?: string[];
  groupName?: string;
  staffRole?: StaffRole;
}

/** Session and identity (vue-element-admin's "user" module), mirrored in local storage. */
export interface UserState {
  token: string | null;
  refreshToken: string | null;
  userName: string;
  loginTime: number | null;
  info: UserDict | null;
  /** Whether the user-info call succeeded in this page load (the guard calls it once). */
  infoLoaded: boolean;
  setTokens: (access: string, refresh: string) => void;
  setLogin: (input: {
    access: string;
    refresh: string;
    userName: string;
    info: UserDict;
    loginTime: number;
  }) => void;
  setInfo: (info: UserInfo) => void;
  /** The password prompt was answered (changed, later or closed): clear the stored need flag. */
  clearNeedChange: () => void;
  /** The server refused a call until the first password is changed (state 268). */
  requireFirstChange: () => void;
  reset: () => void;
}

function load() {
  return {
    token: readJson<string>(StorageKeys.accessToken),
    refreshToken: readJson<string>(StorageKeys.refreshToken),
    userName: readJson<string>(StorageKeys.userName) ?? '',
    loginTime: readJson<number>(StorageKeys.loginTime),
    info: readJson<UserDict>(StorageKeys.userDict),
    infoLoaded: false,
  };
}

export const useUserStore = create<UserState>()((set, get) => ({
  ...load(),
  setTokens: (access, refresh) => {
    writeJson(StorageKeys.accessToken, access);
    writeJson(StorageKeys.refreshToken, refresh);
    set({ token: access, refreshToken: refresh });
  },
  setLogin: ({ access, refresh, userName, info, loginTime }) => {
    writeJson(StorageKeys.accessToken, access);
    writeJson(StorageKeys.refreshToken, refresh);
    writeJson(StorageKeys.userName, userName);
    writeJson(StorageKeys.userDict, info);
    writeJson(StorageKeys.loginTime, loginTime);
    set({ token: access, refreshToken: refresh, userName, info, loginTime, infoLoaded: false });
  },
  setInfo: (u) => {
    const info: UserDict = {
      need_change_pwd: u.need_change_pwd,
      need_change_type: u.need_change_type,
      name: u.name,
      avatar: u.avatar,
      introduction: u.introduction,
      roles: u.roles,
      groupName: u.groupName,
      staffRole: u.staffRole,
    };
    writeJson(StorageKeys.userDict, info);
    if (u.username) writeJson(StorageKeys.userName, u.username);
    set({ info, userName: u.username || get().userName, infoLoaded: true });
  },
  clearNeedChange: () => {
    const info = { ...(get().info ?? { need_change_type: null }), need_change_pwd: false };
    writeJson(StorageKeys.userDict, info);
    set({ info });
  },
  requireFirstChange: () => {
    const info: UserDict = { ...get().info, need_change_pwd: true, need_change_type: 'first' };
    writeJson(StorageKeys.userDict, info);
    set({ info });
  },
  reset: () =>
    set({
      token: null,
      refreshToken: null,
      userName: '',
      loginTime: null,
      info: null,
      infoLoaded: false,
    }),
}));
