import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './scripts/precompress.ts';
import { checkRouteBudgets } from './scripts/route-budgets.ts';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';

/**
 * After a build, .br and .gz copies of the text files for the server to send as they are;
 * then the route budgets (decision 011) over those sizes: a route over budget fails the build.
 */
function precompressAndCheckBudgets(): Plugin {
  let outDir = '';
  return {
    name: 'flock-precompress-and-budgets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Last, once every other plugin has written its files.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { files, bytes, brotliBytes } = precompressDir(outDir);
        this.info(
          `precompressed ${files} files: ${Math.round(bytes / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB brotli`,
        );
        checkRouteBudgets(outDir, (text) => this.info(text));
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [
    react(),
    // Installable app with an offline shell (decision 012): our own small worker (src/web/sw.ts)
    // built with Workbox; the list it precaches is the shell only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Chrome fetches the icon it needs; the worker need not download all three.
      includeManifestIcons: false,
      injectRegister: false,
      manifest: {
        name: 'Flock',
        short_name: 'Flock',
        description: 'Your church in your pocket: giving, sermons, devotional and more.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f6f4fa',
        theme_color: '#4b2a8c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: [
          'index.html',
          'assets/{index,vendor,shell,rolldown-runtime}-*.{js,css}',
          'favicon.svg',
          'logo.svg',
        ],
      },
    }),
    precompressAndCheckBudgets(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Every page is a lazy route (router.tsx), so each one becomes its own chunk; the entry
    // chunk holds only the shell. Members pay for every megabyte on slow phones.
    target: 'es2022',
    sourcemap: false,
    // The page preloads the entry's imports; a lazy page's own imports are found when it
    // loads (one round trip more on a first visit, none once the service worker has them)
    // instead of a list of every chunk in the entry. Members' browsers need no polyfill.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // .vite/manifest.json: what each lazy module loads, for the route budgets (not served).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs change far less often than our code: in their own
            // chunk they stay cached across deploys. Only those the entry needs anyway: a
            // library in this group is downloaded on every first visit (decision 011).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
            // Our own code of the entry, and the few small modules nearly every screen uses, in
            // one file instead of ten: each file has its own compression overhead and request.
            {
              name: 'shell',
              test: /[\\/]src[\\/](shared[\\/](constants|accounts)\.ts|web[\\/](router\.tsx|paths\.ts|api\.ts)|web[\\/]components[\\/](FieldError|SubmitButton|PasswordInput|Spinner|Layout|Toasts|RouteErrorPage)\.tsx|web[\\/]features[\\/](?!admin|workers)[a-z]+[\\/][a-z]+\.routes\.ts|web[\\/]features[\\/](accounts[\\/](useIsGuest|useMe|useSession|AccountNavActions)|church[\\/]useChurch|support[\\/]SupportButton)\.tsx?)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/dev': { target: apiServer, changeOrigin: false },
    },
  },
});
