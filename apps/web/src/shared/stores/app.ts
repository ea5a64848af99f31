import Cookies from 'js-cookie';
import { create } from 'zustand';
import { SIDEBAR_COOKIE } from '@health/contract';

export type Device = 'desktop' | 'mobile';

/**
 * Layout state (vue-element-admin's "app" module): sidebar, device. The cookie "1"/"0" holds the
 * sidebar state the user chose on a desktop width; on mobile the sidebar is a drawer that opens
 * and closes by itself, and none of that is written as the user's choice.
 */
export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  openSidebar: () => void;
  /** Mobile closes the sidebar; back on desktop it is as the user last left it there. */
  setDevice: (device: Device) => void;
}

function readSidebarCookie(): boolean {
  if (typeof document === 'undefined') return true;
  const value = Cookies.get(SIDEBAR_COOKIE);
  return value === undefined ? true : value === '1';
}

const writeCookie = (opened: boolean) => Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');

export const useAppStore = create<AppState>()((set, get) => {
  /** Open or close; only a desktop state is remembered. */
  const setOpened = (opened: boolean, withoutAnimation: boolean) => {
    if (get().device === 'desktop') writeCookie(opened);
    set({ sidebar: { opened, withoutAnimation } });
  };
  return {
    sidebar: { opened: readSidebarCookie(), withoutAnimation: false },
    device: 'desktop',
    toggleSidebar: () => setOpened(!get().sidebar.opened, false),
    closeSidebar: (withoutAnimation) => setOpened(false, withoutAnimation),
    openSidebar: () => setOpened(true, false),
    setDevice: (device) => {
      if (device === get().device) return;
      set({
        device,
        sidebar: { opened: device === 'desktop' && readSidebarCookie(), withoutAnimation: true },
      });
    },
  };
});
