/**
 * Links an admin typed into settings reach every visitor: only web addresses and paths of this
 * site become links, so a `javascript:` value can never run on our origin.
 */
export function safeHref(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (/^https?:\/\/[^\s]/i.test(text)) return text;
  if (/^\/(?![/\\])/.test(text)) return text;
  return null;
}
