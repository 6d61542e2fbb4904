import { Typography } from 'antd';

/** Percent-escapes read back as the words they encode (search URLs are mostly escaped Chinese). */
function readable(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * A URL from the data, opened in a new tab without a referrer. `pathOnly` drops scheme and host
 * where the site is known (its own pages), keeping the whole address in the tooltip.
 */
export function UrlText({ url, pathOnly = false }: { url: string; pathOnly?: boolean }) {
  if (!/^https?:\/\//i.test(url)) return <span className="key-link">{readable(url)}</span>;
  const shown = pathOnly ? url.replace(/^https?:\/\/[^/]+/i, '') || '/' : url;
  return (
    <Typography.Link
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="key-link"
      title={readable(url)}
    >
      {readable(shown)}
    </Typography.Link>
  );
}
