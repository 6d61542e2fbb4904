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
  },
});
