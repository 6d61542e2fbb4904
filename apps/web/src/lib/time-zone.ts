/**
 * The viewer's time zone (the browser's): every list, detail and export shows its times in it, and a
 * list's day filter (`from`/`to`) counts its days on it (docs/product.md, "Times and time zones").
 */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
