import { useState } from 'react';
import {
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ReloadOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { Dropdown, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionKey, SETTING_INIT_ACTION, SETTING_INIT_PAGES } from '@health/contract';
import { LOGO_URL } from '../../shared/components/logo';
import { toast } from '../../shared/feedback/feedback';
import { changeLanguage, localTitle } from '../../shared/i18n';
import { LANGUAGES } from '../../shared/i18n/LanguageSwitch';
import { loginPath } from '../../shared/session/session-rules';
import { logout } from '../../shared/session/session';
import { useAppStore } from '../../shared/stores/app';
import { usePermissionStore } from '../../shared/stores/permission';
import { useHoldsAny } from '../../shared/stores/held-keys';
import { useSettingsStore, type Language } from '../../shared/stores/settings';
import { useUserStore } from '../../shared/stores/user';
import { reloadSettings } from '../../features/system/settings/api';
import { reloadAccess } from '../guards';
import { PROFILE_PATH } from '../../shared/permission/fixed-paths';
import { useCurrentSection } from './use-current-section';

const SETTING_INIT_KEYS = SETTING_INIT_PAGES.map((page) => actionKey(page, SETTING_INIT_ACTION));

/** Top bar: logo and title, menu toggle, top tabs, settings refresh, user dropdown. */
export function Navbar({ onChangePassword }: { onChangePassword: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const topNav = usePermissionStore((s) => s.topNav);
  const { topKey, pathname } = useCurrentSection();
  const {
    title: productTitle,
    logo: siteLogo,
    tagsView,
    setTagsView,
    language,
  } = useSettingsStore();
  const userName = useUserStore((s) => s.userName);
  const displayName = useUserStore((s) => s.info?.name) || userName;
  const avatar = useUserStore((s) => s.info?.avatar);
  const [reloading, setReloading] = useState(false);
  // settingInit needs the edit action of a settings page: without it the server answers 267,
  // which ends the session, so only the operator's access is refreshed.
  const mayReload = useHoldsAny(SETTING_INIT_KEYS);

  // On a phone only the first tab or two fit before the overflow (···): the current one goes first
  // so that the bar always says where the operator is.
  const mobile = useAppStore((s) => s.device === 'mobile');
  const tabs = mobile
    ? [...topNav.filter((tab) => tab.key === topKey), ...topNav.filter((tab) => tab.key !== topKey)]
    : topNav;
  const topItems: MenuProps['items'] = tabs.map((tab) => {
    const label = localTitle({ title: tab.title, titleEn: tab.titleEn }, i18n.language);
    return {
      key: tab.key,
      label: tab.newTab ? (
        <a href={tab.path} target="_blank" rel="noopener noreferrer" title={label}>
          {label}
        </a>
      ) : (
        <Link to={tab.path} title={label}>
          {label}
        </Link>
      ),
    };
  });

  /**
   * Refresh: the operator's own access (a changed group applies at once), and with the right to
   * edit settings the server's settings cache (settingInit: 200 → its msg as success; any other
   * state was shown as an error by the client).
   */
  const refresh = () => {
    setReloading(true);
    Promise.all([reloadAccess(), mayReload ? reloadSettings() : Promise.resolve(null)])
      .then(([, msg]) => toast.success(msg ?? t('nav.refreshed')))
      .catch(() => undefined)
      .finally(() => setReloading(false));
  };

  const doLogout = async () => {
    const here = pathname;
    await logout();
    await navigate(loginPath(here), { replace: true });
  };

  const userItems: MenuProps['items'] = [
    { key: 'password', icon: <KeyOutlined />, label: t('nav.changePassword') },
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <Link to={PROFILE_PATH}>{t('nav.profile')}</Link>,
    },
    { type: 'divider' },
    {
      type: 'group',
      key: 'language',
      label: t('nav.language'),
      children: LANGUAGES.map((l) => ({
        key: `lang:${l.key}`,
        label: <span lang={l.key}>{l.label}</span>,
        icon: <GlobalOutlined />,
        extra: language === l.key ? <CheckOutlined /> : undefined,
      })),
    },
    { type: 'divider' },
    {
      key: 'tags',
      icon: <TagsOutlined />,
      label: tagsView ? t('nav.hideTags') : t('nav.showTags'),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
  ];

  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') onChangePassword();
    else if (key === 'tags') setTagsView(!tagsView);
    else if (key === 'logout') void doLogout();
    else if (key.startsWith('lang:')) void changeLanguage(key.slice(5) as Language);
  };

  return (
    <header className="navbar">
      <Link to="/" className="navbar-brand" aria-label={productTitle}>
        <img src={siteLogo || LOGO_URL} alt="" width={28} height={28} />
        <span className="navbar-title">{productTitle}</span>
      </Link>
      <button
        type="button"
        className="navbar-icon-button hamburger"
        onClick={toggleSidebar}
        aria-label={opened ? t('nav.collapse') : t('nav.expand')}
        aria-expanded={opened}
      >
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <nav className="top-nav" aria-label={t('nav.topNav')}>
        <Menu
          mode="horizontal"
          theme="dark"
          selectedKeys={topKey ? [topKey] : []}
          items={topItems}
        />
      </nav>
      <div className="navbar-right">
        <button
          type="button"
          className="navbar-icon-button"
          aria-label={t('nav.refresh')}
          title={t('nav.refresh')}
          onClick={refresh}
          disabled={reloading}
        >
          <ReloadOutlined spin={reloading} />
        </button>
        <Dropdown
          menu={{ items: userItems, onClick: onUserMenu }}
          trigger={['click']}
          placement="bottomRight"
          // Inside the fixed top bar: the menu stays put when the page scrolls.
          getPopupContainer={(node) => node.parentElement ?? document.body}
        >
          <button type="button" className="user-button" aria-label={t('nav.userMenu')}>
            <span className="user-avatar" aria-hidden="true">
              {avatar ? <img src={avatar} alt="" /> : <UserOutlined />}
            </span>
            <span className="user-name">{displayName}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
