import Cookies from 'js-cookie';
import { create } from 'zustand';
import { SIDEBAR_COOKIE } from '@health/contract';

export type Device = 'desktop' | 'mobile';

/** Layout state (vue-element-admin's "app" module): sidebar, device. Sidebar state in a cookie "1"/"0". */
export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  openSidebar: () => void;
  setDevice: (device: Device) => void;
}

function readSidebarCookie(): boolean {
  if (typeof document === 'undefined') return true;
  const value = Cookies.get(SIDEBAR_COOKIE);
  return value === undefined ? true : value === '1';
}

const writeCookie = (opened: boolean) => Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: readSidebarCookie(), withoutAnimation: false },
  device: 'desktop',
  toggleSidebar: () => {
    const opened = !get().sidebar.opened;
    writeCookie(opened);
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSidebar: (withoutAnimation) => {
    writeCookie(false);
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  openSidebar: () => {
    writeCookie(true);
    set({ sidebar: { opened: true, withoutAnimation: false } });
  },
  setDevice: (device) => set({ device }),
}));
