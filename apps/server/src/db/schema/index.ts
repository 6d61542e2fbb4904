export * from './analytics.js';
export * from './audit.js';
export * from './files.js';
export * from './mail.js';
export * from './security.js';
export * from './sessions.js';
export * from './settings.js';
export * from './users.js';
