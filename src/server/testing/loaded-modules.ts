// Prints every module the server's code loads, with the format it is loaded as, one per line
// (fast-resolve.test.ts compares the list with and without the fast resolver).
//   node src/server/testing/loaded-modules.ts [--fast]
import module from 'node:module';

const loaded = new Set<string>();
module.registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context);
    loaded.add(`${url} ${result.format}`);
    return result;
  },
});
if (process.argv.includes('--fast')) {
  const { registerFastResolve } = await import('../fast-resolve.ts');
  registerFastResolve();
}
await import('../app.ts');
await import('../db/embedded.ts');
console.log([...loaded].sort().join('\n'));
