/**
 * A message with a number or a name in it: its English pattern, and the Chinese built from the captured
 * parts.
 */
export type MessagePattern = readonly [RegExp, (...groups: string[]) => string];

/** A field as its form labels it, in both interface languages. */
export interface FieldLabel {
  zh: string;
  en: string;
}

/**
 * The words of one area (messages/<area>.ts): its schemas and services write English, this gives the
 * Chinese. Each English text and each field belongs to one area only (user-messages.test.ts).
 */
export interface AreaMessages {
  /** The area, as its file is named (the test naming a text worded twice shows it). */
  area: string;
  /**
   * Fixed messages: English as written in the schemas and services → Chinese. The seed's error
   * catalogue fixes some texts exactly ('Verification failed, please Login again.' on an info fetch
   * failure): those stay as the seed writes them, in both languages.
   */
  fixed?: Readonly<Record<string, string>>;
  /** Messages with a number or a name in them, tried in order. */
  patterns?: readonly MessagePattern[];
  /** Field names as the forms label them; a nested path (`domains.0`) takes its first part's label. */
  fields?: Readonly<Record<string, FieldLabel>>;
}
