import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractsAlias } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractsAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Each worker imports React, antd and the app once for all its files, not once a file: the suite
    // took 98 s isolated and 20 s not on these machines. What outlives a file is ended after each test
    // (src/test/setup.ts: the stores, antd's notices, cookies, storage).
    isolate: false,
  },
});
