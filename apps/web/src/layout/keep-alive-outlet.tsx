import { type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { usePageStyleStore } from '../stores/page-style';
import { useTagsViewStore } from '../stores/tags-view';

/**
 * Keeps the page of every cached tag mounted (hidden) so switching back restores its state;
 * the template's name-list cache broke under nested routes. A page leaves the cache when its
 * tag closes or is refreshed; with the tags bar switched off nothing is kept, since no tag
 * could ever release it.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tagsView = usePageStyleStore((s) => s.tagsView);
  const cachedViews = useTagsViewStore((s) => s.cachedViews);
  const cached = tagsView ? cachedViews : [];
  const pages = useRef(new Map<string, ReactNode>());

  const kept = pages.current;
  for (const path of [...kept.keys()]) {
    if (path !== pathname && !cached.includes(path)) kept.delete(path);
  }
  if (!kept.has(pathname) || !cached.includes(pathname)) kept.set(pathname, outlet);

  return (
    <>
      {[...kept.entries()].map(([path, element]) => (
        <div key={path} className="kept-page" hidden={path !== pathname} data-page={path}>
          {element}
        </div>
      ))}
    </>
  );
}
