import { AUDIT_API } from '@tally/contracts';
import { defineModule } from '../../kernel/module.js';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { AUDIT_CSV } from './audit-csv.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    audit: AuditService;
  }
}

export const auditModule = defineModule({
  name: 'audit',
  needs: [],
  services: ({ db }) => ({ audit: new AuditService(new AuditRepository(db.orm)) }),
  routes: async (app, { audit }) =>
    routes(app, AUDIT_API, {
      fetch: (query) => audit.list(query),
      export: csvExport(AUDIT_API.export, AUDIT_CSV, (q, _r, page, limit) =>
        audit.list({ ...q, page, limit }),
      ),
    }),
});
