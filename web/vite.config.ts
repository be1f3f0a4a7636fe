import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: [
      // The shared package is consumed from source by the web build (no prior build step).
      { find: /^@immoloupe\/shared\/(.*)$/, replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)) },
      { find: /^~\/(.*)$/, replacement: fileURLToPath(new URL('./app/$1', import.meta.url)) },
    ],
  },
  build: { chunkSizeWarningLimit: 1500 },
});
