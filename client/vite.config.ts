import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../package.json' with { type: 'json' };

const MUI_CORE =
  /node_modules\/@mui\/material\/esm\/(Alert|Button|ButtonBase|Divider|FormControl|FormHelperText|FormLabel|IconButton|InputAdornment|InputBase|InputLabel|Link|OutlinedInput|Paper|SvgIcon|Typography)\//;

/**
 * The sign-in screen's chunks, announced in index.html (`modulepreload`): a cold phone on /login downloads them
 * with the entry instead of one round trip after the entry has run (issue 35: LCP ≤ 2.5 s on the phone profile).
 * About 11 KB compressed, most of it code signed-in screens load anyway.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'tombo-preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rollup.OutputChunk | undefined, seen = new Set<string>()) => {
          if (start && !seen.has(start.fileName)) {
            seen.add(start.fileName);
            for (const f of start.imports) closure(byFile.get(f), seen);
          }
          return seen;
        };
        const entry = closure(chunks.find((c) => c.isEntry));
        const signIn = chunks.find((c) => c.facadeModuleId?.endsWith('/src/features/auth/LoginPage.tsx'));
        if (!signIn) throw new Error('preloadSignIn: the LoginPage chunk is missing');
        return [...closure(signIn)]
          .filter((f) => !entry.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), preloadSignIn()],
  // The running version shown by the footer and the version manager: the root package.json's, at build time.
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // Our modules have no import side effects: a module is bundled, and placed in a chunk, only where one of
      // its exports is used. An area's barrel (index.ts) or the shared contract's index then brings only what
      // the importer uses, not every zod schema or screen part (docs/architecture.md, "Client").
      treeshake: { moduleSideEffects: (id) => !/\/(shared|client)\/src\//.test(id) },
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          // The MUI parts nearly every screen draws, the login page too: one file instead of a dozen small ones.
          if (MUI_CORE.test(id)) return 'mui';
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
