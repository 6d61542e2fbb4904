import { ARTICLE_ID_PATTERN } from '@tally/contracts';

/** Article ids are digits only, 1 to 62 of them (seed section 5). */
export function isArticleId(id: string | undefined): id is string {
  return id !== undefined && ARTICLE_ID_PATTERN.test(id);
}
