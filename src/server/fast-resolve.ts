import module from 'node:module';

/**
 * Node (24 to 26 at least) parses a package's whole `exports` map again on each import it
 * resolves: to learn a `.js` file's format it reads the nearest package.json, and reading one
 * spreads a lazy getter that runs JSON.parse (package_json_reader.js). drizzle-orm's map is
 * 130 kB and its modules import each other hundreds of times: ~0.9 s of a 1.9 s start here.
 *
 * Two answers are worked out once and reused, with the same result Node would give:
 * - a `.js` file's format depends only on the nearest package.json, the same for every `.js`
 *   file of one directory: the first relative import of a `.js` file in a directory goes
 *   through Node's resolver, later ones reuse its format (where Node's answer was the plain
 *   joined URL: no symlink, no query);
 * - a package name (`drizzle-orm/pg-core`) resolves from the importing file's directory and
 *   the import conditions alone: the answer is kept per directory and conditions.
 * Everything else (our own `.ts` files, `node:` modules, absolute URLs) is Node's resolver.
 */
export function registerFastResolve() {
  const formatByDir = new Map<string, string>();
  const packageByKey = new Map<string, module.ResolveFnOutput>();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
      const parentDir = parent.slice(0, parent.lastIndexOf('/'));
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        if (!specifier.endsWith('.js')) return nextResolve(specifier, context);
        const url = new URL(specifier, parent).href;
        const dir = url.slice(0, url.lastIndexOf('/'));
        const key = `${dir}\0${context.conditions.join()}`;
        const format = formatByDir.get(key);
        if (format) return { url, format, shortCircuit: true };
        const resolved = nextResolve(specifier, context);
        if (resolved.url === url && resolved.format) formatByDir.set(key, resolved.format);
        return resolved;
      }
      if (/^[@\w]/.test(specifier) && !specifier.includes(':')) {
        const key = `${parentDir}\0${context.conditions.join()}\0${specifier}`;
        const known = packageByKey.get(key);
        if (known) return { ...known };
        const resolved = nextResolve(specifier, context);
        if (resolved.url.startsWith('file:')) {
          packageByKey.set(key, { url: resolved.url, format: resolved.format, shortCircuit: true });
        }
        return resolved;
      }
      return nextResolve(specifier, context);
    },
  });
}
