/** Article ids are digits only, 1 to 62 of them (seed section 5). */
export function isArticleId(id: string | undefined): boolean {
  return id !== undefined && /^\d{1,62}$/.test(id);
}
