import { Typography } from 'antd';

/** A URL from the data: shown whole (wrapping), opened in a new tab without a referrer. */
export function UrlText({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <span className="key-link">{url}</span>;
  return (
    <Typography.Link href={url} target="_blank" rel="noreferrer noopener" className="key-link">
      {url}
    </Typography.Link>
  );
}
