import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteTitle } from '../lib/route-title';
import { useTagsViewStore, type VisitedView } from '../stores/tags-view';
import { useTagsActions } from './use-tags-actions';

export function TagsBar() {
  const { t } = useTranslation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const actions = useTagsActions();
  const title = useRouteTitle();

  const contextMenu = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      { key: 'close', label: t('tags.close'), disabled: view.affix },
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') actions.refresh(view);
      else if (key === 'close') actions.close(view);
      else if (key === 'closeOthers') actions.closeOthers(view);
      else actions.closeAll();
    },
  });

  return (
    <nav className="tags-bar" data-testid="tags-bar">
      {views.map((view) => (
        <Dropdown key={view.path} trigger={['contextMenu']} menu={contextMenu(view)}>
          <Link
            to={view.fullPath}
            className={`tag-item${actions.isActive(view) ? ' is-active' : ''}`}
            data-testid="tag"
            data-path={view.path}
          >
            {actions.isActive(view) && <span className="tag-dot" />}
            {title(view.title)}
            {!view.affix && (
              <CloseOutlined
                className="tag-close"
                aria-label={t('tags.close')}
                onClick={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  actions.close(view);
                }}
              />
            )}
          </Link>
        </Dropdown>
      ))}
    </nav>
  );
}
