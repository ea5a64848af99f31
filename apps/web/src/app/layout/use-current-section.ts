import { useLocation } from 'react-router';
import { activeMenuOf, topKeyOfPath } from '../../shared/permission/routes';
import { usePermissionStore } from '../../shared/stores/permission';

/** The active menu entry and top tab of the current location (hidden pages use their activeMenu). */
export function useCurrentSection(): { pathname: string; activeMenu: string; topKey: string } {
  const { pathname } = useLocation();
  const data = usePermissionStore();
  return {
    pathname,
    activeMenu: activeMenuOf(data, pathname),
    topKey: topKeyOfPath(data, pathname),
  };
}
