import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../package.json' with { type: 'json' };

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The running version shown by the footer and the version manager: the root package.json's, at build time.
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
