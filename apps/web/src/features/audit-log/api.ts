import { AUDIT_API, type AUDIT_SORTS, type AuditAction } from '@tally/contracts';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call } from '../../lib/request';

export type AuditSort = (typeof AUDIT_SORTS)[number];
export type AuditFilters = {
  actor: string | undefined;
  action: AuditAction | undefined;
  from: string | undefined;
  to: string | undefined;
};

export const fetchAudit = (query: ListQuery<AuditFilters, AuditSort>) => call(AUDIT_API.fetch, query);
