import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@health/contract';
import { useAppStore } from '../../shared/stores/app';

/**
 * Device mode (spec §2, §4): under 992 px the device is mobile and the sidebar collapses; on
 * mobile the sidebar also closes on every route change. Back on a desktop width the sidebar is
 * as the user left it there (the store keeps the automatic closes out of the cookie).
 */
export function useResponsive(): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    const update = () => {
      if (document.hidden) return;
      const mobile = window.innerWidth < MOBILE_BREAKPOINT_PX;
      useAppStore.getState().setDevice(mobile ? 'mobile' : 'desktop');
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const { device, sidebar, closeSidebar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSidebar(false);
  }, [pathname]);
}
