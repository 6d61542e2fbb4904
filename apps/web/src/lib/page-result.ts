/** A server list (contracts `pageSchema`): one page of rows and the total behind it. */
export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
