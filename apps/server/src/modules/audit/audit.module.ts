import { AUDIT_PATHS, auditListQuerySchema, auditPageSchema } from '@tally/contracts';
import { defineModule } from '../../kernel/module.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

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
    resourceRoutes(app, {
      tag: 'audit',
      access: 'settings',
      paths: AUDIT_PATHS,
      fetch: {
        input: auditListQuerySchema,
        response: auditPageSchema,
        handler: (query) => audit.list(query),
      },
    }),
});
