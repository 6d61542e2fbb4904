import { type FieldErrors, fieldLabel } from '@tally/contracts';
import type { Language } from './language';

/** What every failed call rejects with; the user has already been told through a notification. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null = null,
    readonly errors: FieldErrors | undefined = undefined,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * The 422 notification shows the `errors` field: one line per field, named as its form labels it
 * (the server already worded the messages in the interface language it was sent).
 */
export function formatFieldErrors(
  errors: FieldErrors | undefined,
  fallback: string,
  language: Language,
): string {
  if (!errors || Object.keys(errors).length === 0) return fallback;
  return Object.entries(errors)
    .map(
      ([field, messages]) =>
        `${fieldLabel(field, language)}: ${messages.join(language === 'zh' ? '，' : ', ')}`,
    )
    .join('\n');
}
