import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../shared/i18n';
import type { MenuItem } from '../../shared/permission/routes';
import { useAppStore } from '../../shared/stores/app';
import { usePermissionStore } from '../../shared/stores/permission';
import { sectionIcon } from './section-icons';
import { useCurrentSection } from './use-current-section';

function itemLink(item: MenuItem, label: string) {
  return item.newTab ? (
    <a href={item.path} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : (
    <Link to={item.path}>{label}</Link>
  );
}

/**
 * Side menu (spec §2): the groups of the current top tab; a group with several pages is a submenu
 * titled with the group's name, a group with one page is that page. Hidden pages are not listed;
 * while one is open its activeMenu is highlighted.
 */
export function Sidebar() {
  const { t, i18n } = useTranslation();
  const { activeMenu, topKey } = useCurrentSection();
  const menus = usePermissionStore((s) => s.menus);
  const firstKey = usePermissionStore((s) => s.topNav[0]?.key ?? '');
  // A page outside every section (profile, the root) keeps the menu of the last section shown.
  const lastKey = useRef(firstKey);
  if (menus[topKey]) lastKey.current = topKey;
  const groups = menus[topKey] ?? menus[lastKey.current] ?? menus[firstKey];
  const { opened } = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const lang = i18n.language;

  const items: MenuProps['items'] = useMemo(
    () =>
      (groups ?? []).map((group) => {
        const groupTitle = localTitle(group, lang);
        const only = group.children.length === 1 ? group.children[0] : undefined;
        if (only) {
          return {
            key: only.path,
            icon: sectionIcon(group.icon),
            label: itemLink(only, localTitle(only, lang)),
          };
        }
        return {
          key: group.path,
          icon: sectionIcon(group.icon),
          label: groupTitle,
          children: group.children.map((c) => ({
            key: c.path,
            label: itemLink(c, localTitle(c, lang)),
          })),
        };
      }),
    [groups, lang],
  );

  const groupOfActive = groups?.find(
    (g) => g.children.length > 1 && g.children.some((c) => c.path === activeMenu),
  )?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(groupOfActive ? [groupOfActive] : []);
  useEffect(() => {
    if (groupOfActive)
      setOpenKeys((keys) => (keys.includes(groupOfActive) ? keys : [...keys, groupOfActive]));
  }, [groupOfActive]);

  const collapsed = !opened;
  return (
    <aside className="sidebar" aria-hidden={device === 'mobile' && collapsed}>
      <nav aria-label={t('nav.sideMenu')}>
        <Menu
          mode="inline"
          inlineCollapsed={device === 'desktop' ? collapsed : false}
          selectedKeys={[activeMenu]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          items={items}
        />
      </nav>
    </aside>
  );
}
