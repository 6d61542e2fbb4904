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
    // Each worker imports React, antd and the app once for all its files, not once a file (the step took
    // 99.7 s isolated in CI, 24.3 s not). The stores, cookies and storage are reset after each test
    // (src/test/setup.ts).
    isolate: false,
  },
});
