import { useEffect } from 'react';
import { useWebTitle } from './route-title';

function setDescription(text: string): void {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = text;
}

/**
 * Title and description of a public site page (routes with `ownTitle`): "{page} - {webtitle}", so
 * the configured web title reaches search results and every visitor's tab.
 */
export function usePageMeta(title: string, description: string): void {
  const webtitle = useWebTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${webtitle}` : webtitle;
    setDescription(description);
  }, [title, description, webtitle]);
}
