import { build, type InlineConfig, mergeConfig } from 'vite';

// What every Vite build of the web app shares (vite.config.ts and the builds its plugins run
// after it): no `[PLUGIN_TIMINGS]` report (issue 48). Rolldown prints one whenever JavaScript
// plugins take a large share of a build, and ours always do (terser, the phone metadata, the
// steps after a build): two yellow blocks in every `npm run build` that read as problems to a
// newcomer and tell us nothing new. Timing a build is `node --cpu-prof`'s job (decision 057).

/** Rolldown's checks for every build: all on except the plugin timings report. */
export const BUILD_CHECKS = { bundlerTimings: false } as const;

/**
 * A build of its own inside another (the boot script, the service worker, the server bundle):
 * no config file, no public folder, warnings only, and the project's checks.
 */
export function nestedBuild(root: string, config: InlineConfig) {
  return build(
    mergeConfig(
      {
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        build: { rolldownOptions: { checks: BUILD_CHECKS } },
      } satisfies InlineConfig,
      config,
    ),
  );
}
