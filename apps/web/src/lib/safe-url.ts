import { isSafeLink } from '@tally/contracts';

/**
 * Links an admin typed into settings reach every visitor. The server checks them on save with the
 * same rule; checking again here keeps values saved before that rule from becoming `javascript:` links.
 */
export function safeHref(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text !== '' && isSafeLink(text) ? text : null;
}
