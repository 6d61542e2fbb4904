export * from './access.js';
export * from './auth.js';
export * from './crypt.js';
export * from './crypt-vector.js';
export * from './envelope.js';
export * from './roles.js';
export * from './settings.js';
export * from './sites.js';
