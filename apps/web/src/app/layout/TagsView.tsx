import { Link, useLocation, useNavigate } from 'react-router';
import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../shared/i18n';
import { useTagsViewStore } from '../../shared/stores/tags-view';
import { lastViewPath, type TagView } from '../../shared/tags/tags-view';

/**
 * The optional tag bar (spec §2, §4): visited pages; right-click for Refresh, Close, Close Others,
 * Close All. Affix tags cannot be closed.
 */
export function TagsView() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visited = useTagsViewStore((s) => s.visitedViews);

  const afterClose = (closedActive: boolean) => {
    if (closedActive) void navigate(lastViewPath(useTagsViewStore.getState()));
  };

  const refresh = (view: TagView) => {
    useTagsViewStore.getState().uncache(view.path);
    void navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  const close = (view: TagView) => {
    if (view.affix) return;
    useTagsViewStore.getState().closeView(view.path);
    afterClose(view.path === pathname);
  };
  const closeOthers = (view: TagView) => {
    useTagsViewStore.getState().closeOthers(view.path);
    if (view.path !== pathname) void navigate(view.fullPath);
  };
  const closeAll = () => {
    useTagsViewStore.getState().closeAll();
    const stillOpen = useTagsViewStore.getState().visitedViews.some((v) => v.path === pathname);
    if (!stillOpen) void navigate(lastViewPath(useTagsViewStore.getState()));
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      { key: 'close', label: t('tags.close'), disabled: view.affix },
      { key: 'others', label: t('tags.closeOthers') },
      { key: 'all', label: t('tags.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') refresh(view);
      else if (key === 'close') close(view);
      else if (key === 'others') closeOthers(view);
      else closeAll();
    },
  });

  return (
    <nav className="tags-view" aria-label={t('tags.bar')}>
      <ul className="tags-view-list">
        {visited.map((view) => {
          const title = localTitle(view, i18n.language);
          const active = view.path === pathname;
          return (
            <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
              <li className={`tags-view-item${active ? ' active' : ''}`} data-testid="tag">
                <Link to={view.fullPath} aria-current={active ? 'page' : undefined}>
                  {title}
                </Link>
                {!view.affix && (
                  <button
                    type="button"
                    className="tags-view-close"
                    aria-label={t('tags.closeTag', { title })}
                    onClick={() => close(view)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
    </nav>
  );
}
