import { defineModule } from '../../kernel/module.js';
import { FileStore } from './file-store.js';
import { FilesRepository } from './files.repository.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    fileStore: FileStore;
    files: FilesService;
  }
}

export const filesModule = defineModule({
  name: 'files',
  needs: ['settings', 'audit'],
  services: ({ db, config, settings, audit }) => {
    const fileStore = new FileStore(config.dataDir);
    const files = new FilesService(new FilesRepository(db.orm), fileStore, config.uploadMaxBytes, audit);
    // A file an ad shows is in use; other areas add their own usage source when they are built.
    files.addUsageSource((urls) => settings.adsUsing(urls));
    return { fileStore, files };
  },
  routes: async (app, s) => app.register(filesRoutes, s),
});
