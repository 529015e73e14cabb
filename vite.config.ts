import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { writePages } from './scripts/page-build.ts';
import { phoneMetadata } from './scripts/phone-metadata.ts';
import { precompressDir } from './scripts/precompress.ts';
import { BUILD_CHECKS, nestedBuild } from './scripts/quiet-build.ts';
import { checkRouteBudgets } from './scripts/route-budgets.ts';
import { pageTexts } from './src/shared/page-texts.ts';
import { DRAWER_FILE, HEAD_TAGS } from './src/shared/pages.ts';
import { isLanguage, LANGUAGES, type Language, webDirOf } from './src/shared/languages.ts';
import { allScreens, screensPlugin } from './scripts/find-screens.ts';
import { everyPageData, firstScreens } from './src/web/routes.ts';

/** Besides the entry, the chunks every first screen runs from its start (compile hint). */
const EAGER_CHUNKS = new Set(['vendor', 'shell']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * V8's compile hint (Chromium 136+; other engines read a comment) first in the entry's
 * chunks: every function in them is compiled while the file downloads, on another thread,
 * instead of one by one on the main thread as each is first called. That lazy compiling was a
 * third of the long tasks after the first paint (decision 025). Added once Vite has written
 * its own first line (the lazy screens' style sheets), as that line is.
 */
const compileHints = (): Plugin => ({
  name: 'flock-compile-hints',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !(file.isEntry || EAGER_CHUNKS.has(file.name))) continue;
        file.code = COMPILE_HINT + file.code;
      }
    },
  },
});

/**
 * The language this build's screens speak (decision 043): `FLOCK_LOCALE`, English by default.
 * `npm run build` builds each language (scripts/build-web.ts), English first.
 */
const buildLocale: Language = isLanguage(process.env.FLOCK_LOCALE)
  ? process.env.FLOCK_LOCALE
  : 'en';
const baseBuild = buildLocale === LANGUAGES[0];
const webOut = fileURLToPath(new URL('./dist/web', import.meta.url));
/** Paraglide's compile-time locale (`npm run messages` names it as the static locale). */
const STATIC_LOCALE = 'globalThis.__PARAGLIDE_STATIC_LOCALE__';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';

type BuildDirs = { outDir: string; root: string };

/**
 * A step once the build has written its files (closeBundle, after the other plugins' own; the
 * steps run one after another in the order the plugins are listed).
 */
function afterBuild(
  name: string,
  step: (dirs: BuildDirs, info: (text: string) => void) => void | Promise<void>,
): Plugin {
  let dirs: BuildDirs = { outDir: '', root: '' };
  return {
    name,
    apply: 'build',
    configResolved(config) {
      dirs = { outDir: config.build.outDir, root: config.root };
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await step(dirs, (text) => this.info(text));
      },
    },
  };
}

/**
 * After a build, .br and .gz copies of the text files for the server to send as they are;
 * then the route budgets (decision 011) over those sizes: a route over budget fails the build.
 * Listed last, once every other plugin has written its files.
 */
const precompressAndCheckBudgets = () =>
  afterBuild('flock-precompress-and-budgets', ({ outDir }, info) => {
    const { files, bytes, brotliBytes } = precompressDir(outDir);
    info(
      `precompressed ${files} files: ${Math.round(bytes / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB brotli`,
    );
    checkRouteBudgets(outDir, info);
  });

/**
 * The boot script of the pages the server draws (src/web/boot.ts, decision 027): a classic
 * script of its own, hashed like the rest. Built before the description of the pages, which
 * names it.
 */
let bootFile = '';
const bootScript = () =>
  afterBuild('flock-boot-script', async ({ outDir, root }, info) => {
    const output = await nestedBuild(root, {
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        target: 'es2022',
        minify: true,
        rolldownOptions: {
          input: path.join(root, 'boot.ts'),
          output: { format: 'iife', entryFileNames: 'assets/boot-[hash].js' },
        },
      },
    });
    const chunk = (Array.isArray(output) ? output : [output])
      .flatMap((result) => ('output' in result ? result.output : []))
      .find((file) => file.type === 'chunk');
    if (!chunk) throw new Error('The boot script did not build.');
    bootFile = chunk.fileName;
    info(`boot script: ${bootFile}, ${chunk.code.length} characters`);
  });

/**
 * After a build, what the server needs to write each page (decision 027): the route table in
 * src/web/routes.ts resolved against the manifest into .vite/pages.json. A module the build
 * does not load lazily fails the build.
 */
const pageDescription = () =>
  afterBuild('flock-pages', ({ outDir }, info) => {
    const pages = writePages(outDir, allScreens, firstScreens, everyPageData, bootFile);
    info(`pages: ${pages.routes.length} routes`);
  });

/** The tags every page's <head> starts with (src/shared/pages.ts), in index.html too. */
const headTags = (): Plugin => ({
  name: 'flock-head-tags',
  transformIndexHtml: (html) => {
    // The app's own page (offline, development) in this build's language; 'Flock' is the
    // product's name before the church's branding arrives.
    const texts = pageTexts(buildLocale, 'Flock');
    return {
      html: html
        .replace('<html lang="en">', `<html lang="${buildLocale}">`)
        .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${texts.noscript}</noscript>`),
      tags: [
        ...HEAD_TAGS.map(({ tag, attrs }) => ({ tag, attrs, injectTo: 'head-prepend' as const })),
        { tag: 'meta', attrs: { name: 'description', content: texts.description } },
      ],
    };
  },
});

/**
 * What the worker precaches: the page, the entry's chunks and CSS, the icons, and the web
 * manifest with the icon the browser downloads on every page load to check that the app is
 * installable (decision 018: from the worker they no longer compete with the first screen).
 */
const precached =
  /^(index\.html|favicon\.png|logo\.svg|manifest\.webmanifest|icons\/icon-192\.png|assets\/(index|vendor|shell|rolldown-runtime)-[\w-]+\.(js|css))$/;

/**
 * Builds src/web/sw.ts into sw.js once the app is built, with the precache list (file and
 * revision; hashed files need none) in place of `self.__WB_MANIFEST`, as Workbox expects.
 */
const serviceWorker = () =>
  afterBuild('flock-service-worker', async ({ outDir, root }, info) => {
    const files = fs
      .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => precached.test(file))
      .sort();
    const entries = files.map((file) =>
      file.startsWith('assets/')
        ? { url: `/${file}`, revision: null }
        : {
            url: `/${file}`,
            revision: createHash('md5')
              .update(fs.readFileSync(path.join(outDir, file)))
              .digest('hex'),
          },
    );
    await nestedBuild(root, {
      define: {
        'self.__WB_MANIFEST': JSON.stringify(entries),
        'process.env.NODE_ENV': JSON.stringify('production'),
      },
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        target: 'es2022',
        minify: true,
        lib: { entry: path.join(root, 'sw.ts'), formats: ['es'], fileName: () => 'sw.js' },
      },
    });
    info(`service worker: sw.js precaches ${entries.length} files`);
  });

/**
 * After a build, a server build of src/web/prerender.tsx into .vite/server/ (decision 027):
 * the server draws the screens the route table marks `drawn` with it.
 */
const prerenderScreens = () =>
  afterBuild('flock-prerender', async ({ outDir, root }, info) => {
    const moduleFile = path.join(outDir, DRAWER_FILE);
    await nestedBuild(root, {
      // The lazy forms the pages import come along (the sign-up form's phone metadata too).
      plugins: [react(), phoneMetadata()],
      // Bundled in: the update prompt's library is CommonJS to Node, and never runs here.
      ssr: { noExternal: ['workbox-window'] },
      build: {
        // Inside the project, so that its imports of React and the rest resolve.
        outDir: path.dirname(moduleFile),
        emptyOutDir: true,
        ssr: path.join(root, 'prerender.tsx'),
        // One file: the server loads it under a new URL for each build, and chunks importing
        // it back under its plain URL would get a second copy of its modules' state.
        rolldownOptions: {
          output: { entryFileNames: path.basename(moduleFile), codeSplitting: false },
        },
      },
    });
    info(`server bundle for drawing screens: ${DRAWER_FILE}`);
  });

/**
 * After another language's build: its hashed files (scripts, styles and their compressed
 * copies) into the English build's assets, where the server serves every language's from.
 * Those both builds share have the same name there already.
 */
const shareAssets = () =>
  afterBuild('flock-share-assets', ({ outDir }, info) => {
    const from = path.join(outDir, 'assets');
    const to = path.join(webOut, 'assets');
    if (!fs.existsSync(to)) throw new Error(`Build English first: ${to} is missing.`);
    let copied = 0;
    for (const file of fs.readdirSync(from)) {
      if (fs.existsSync(path.join(to, file))) continue;
      fs.copyFileSync(path.join(from, file), path.join(to, file));
      copied += 1;
    }
    info(`${buildLocale}: ${copied} files of its own added to ${path.relative(process.cwd(), to)}`);
  });

export default defineConfig({
  root: webRoot,
  // One language a build (decision 043): the catalogue's messages resolve to this language's
  // text when bundled, and the other languages' texts are left out. The server and the
  // screens it draws keep every language (the constant is undefined there).
  define: { [STATIC_LOCALE]: JSON.stringify(buildLocale) },
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [
    react(),
    compileHints(),
    // The phone input's countries and metadata, cut from the phone library per calling code
    // and loaded on demand (decision 011, fourth pass).
    phoneMetadata(),
    // What the router may load: the shell's screens and each group found in its folder
    // (decision 061).
    screensPlugin(),
    // Installable app with an offline shell (decision 012): our own small Workbox worker,
    // built after the app with the list of what it precaches (the shell only).
    serviceWorker(),
    headTags(),
    // What the server needs to write each page: the boot script of a drawn page, the files
    // and answers each route's first screen needs, and the bundle it draws screens with
    // (decision 027).
    bootScript(),
    pageDescription(),
    // One server bundle draws every language's screens: the English build's.
    ...(baseBuild ? [prerenderScreens()] : []),
    precompressAndCheckBudgets(),
    // Another language's hashed files beside English's, where the server serves them from.
    ...(baseBuild ? [] : [shareAssets()]),
  ],
  build: {
    outDir: webDirOf(webOut, buildLocale),
    emptyOutDir: true,
    // Every page is a lazy route (router.tsx), so each one becomes its own chunk; the entry
    // chunk holds only the shell. Members pay for every megabyte on slow phones.
    target: 'es2022',
    sourcemap: false,
    // Terser's output compresses 0.6 kB smaller on every route than the bundler's (decision 038).
    minify: 'terser',
    // Paraglide's one-language messages warn when asked for another language; nothing asks.
    terserOptions: {
      compress: { passes: 3, drop_console: ['warn'], pure_getters: true, keep_fargs: false },
      ecma: 2020,
      module: true,
    },
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
      // No plugin timings report (scripts/quiet-build.ts).
      checks: BUILD_CHECKS,
      // The catalogue's runtime sets itself up for server rendering when loaded: nothing the
      // browser needs. Without this, every chunk of messages would import it for that alone.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]src[\\/]paraglide[\\/]/, sideEffects: false }],
      },
      output: {
        // A chunk of shared messages is named after every screen sharing it: a long name each
        // importer repeats. Short, as their hash tells them apart.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('messages') ? 'assets/m-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // The libraries every page needs change far less often than our code: in their own
            // chunk they stay cached across deploys. Only those the entry needs anyway: a
            // library in this group is downloaded on every first visit (decision 011).
            {
              name: 'vendor',
              // Groups take their modules' imports with them: the higher priority goes first,
              // so that the shell keeps its own modules when a later group imports one.
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
              // Only the modules the entry loads: a part of a library that only some pages use
              // (TanStack's infinite queries) comes with them.
              tags: ['$initial'],
            },
            // The page data cache (TanStack Query) in one file, with the first screen that has
            // page data: the login screen does without it (decision 011). The member's profile
            // query (profile, offerings and apply screens) comes with it: in a file of its own,
            // 0.2 kB cost 0.5 kB more of response headers.
            {
              name: 'query',
              // Not the infinite queries' observer: only the lists that page through their
              // rows (history, applications, audit) use it, and it comes with them.
              test: /node_modules[\\/]@tanstack[\\/](?!.*[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$)|[\\/]src[\\/]web[\\/]features[\\/]profile[\\/]profile\.api\.ts$/,
            },
            // The form library with the small modules the form screens use beside it (one file
            // instead of several: each costs ≈ 0.5 kB of response headers). The profile's
            // vanishing messages too: its sections loaded later share them (issue 32).
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/]|[\\/]src[\\/]web[\\/](components[\\/](check-resolver\.ts|form-fields\.tsx)|features[\\/]profile[\\/](FlashMessage\.tsx|useFlashMessage\.ts))$/,
            },
            // Our own code of the entry in one file instead of a dozen: each file has its own
            // compression overhead and request.
            {
              name: 'shell',
              priority: 1,
              // (Not the entry module, main.tsx: the page's script is the entry's own file.)
              test: /[\\/]src[\\/](?!web[\\/]main\.tsx$).*\.tsx?$/,
              tags: ['$initial'],
            },
            // The catalogue's runtime (decision 043), for the few modules that still ask it for
            // the language (the switch, the update prompt): one small file, named as the shell.
            {
              name: 'shell',
              priority: 1,
              test: /[\\/]src[\\/]paraglide[\\/]runtime\.js$/,
            },
            // A message two screens share would be a file of its own (one module a message):
            // those shared by the same screens go together, and the smallest such groups join
            // the nearest, instead of a request for each few dozen bytes.
            {
              name: 'messages',
              test: /[\\/]src[\\/]paraglide[\\/](messages[\\/]|registry\.js$)/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 400,
            },
            // Dates and amounts (shared/format.ts): screens of every feature use a few formats
            // each. In a file of its own, not pulled into the group of one of its importers
            // (finance-parts took it along with giving.ts, +1.6 kB on the screens of others).
            {
              name: 'format',
              priority: 1,
              test: /[\\/]src[\\/]shared[\\/]format\.ts$/,
            },
            // The finance desk's small shared parts (the access query, the type labels, today's
            // date) in one file: each alone cost its screens a request and ≈ 0.1 kB.
            {
              name: 'finance-parts',
              test: /[\\/]src[\\/]web[\\/]features[\\/]finance[\\/](finance\.access|format)\.ts$/,
            },
            // The small parts of every form, the login form's too, with the account rules they
            // check: in one file of their own, or the form library's group would take them
            // along to the login screen. The 'Payment History' link of the giving screens and
            // the profile too (0.2 kB; a file of its own cost the profile 0.3 kB more).
            {
              name: 'form-parts',
              priority: 1,
              test: /[\\/]src[\\/](web[\\/]components[\\/](FieldBox|FieldError|SubmitButton|PasswordInput|PaymentHistoryLink)\.tsx|shared[\\/](accounts|phone)\.ts)$/,
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
      // The test checkout: a card payment started here comes back here (decision 029).
      '/sandbox': { target: apiServer, changeOrigin: false },
    },
  },
});
