import { randomBytes } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The name of this build: compiled into the app (__APP_BUILD_ID__) and written to
 * dist/version.json, which the running app reads every VERSION_CHECK_MS (SPEC §7) to ask its user
 * to reload once a newer build is served (apps/web/src/app/new-version-notice.tsx).
 */
const BUILD_ID = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

const versionFile: Plugin = {
  name: 'version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ build: BUILD_ID }) });
  },
};

/**
 * The app is served by the API under /app (see apps/api/src/server.ts). In development, `npx vite`
 * serves it on its own port and forwards /api to a running API server (API_URL, default port 3000).
 * @catchment/domain is consumed from its TypeScript sources through the workspace link.
 */
export default defineConfig({
  base: '/app/',
  plugins: [react(), versionFile],
  define: { __APP_BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // MapLibre alone is about 1 MB: kept in its own file so app changes do not invalidate it in caches.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl/ },
            // The password strength estimator and its dictionaries (megabytes): imported on first
            // use only (packages/domain accounts/password-strength.ts), so kept out of the vendor file.
            { name: 'password-strength', test: /node_modules[\\/]@zxcvbn-ts[\\/]/ },
            // Split by which entries use them: the embedded map view (src/iframe) loads React and
            // the router, not the charts and drawing libraries of the editor.
            { name: 'vendor', test: /node_modules/, entriesAware: true },
          ],
        },
      },
    },
  },
  server: {
    // ws: the real-time socket at /api goes through the proxy too.
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false, ws: true } },
  },
});
