import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './scripts/precompress.ts';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';

/** After a build, .br and .gz copies of the text files for the server to send as they are. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'flock-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = precompressDir(outDir);
      this.info(
        `precompressed ${files} files: ${Math.round(bytes / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB brotli`,
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Every page is a lazy route (router.tsx), so each one becomes its own chunk; the entry
    // chunk holds only the shell. Members pay for every megabyte on slow phones.
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs change far less often than our code: in their own
            // chunk they stay cached across deploys.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|react-toastify|clsx)[\\/]/,
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
