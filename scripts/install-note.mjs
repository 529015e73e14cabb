// Run by `npm install` and `npm ci` after the dependencies are in (package.json "postinstall").
// Plain JavaScript on purpose: it must run whichever Node npm finds, even if the project's own
// Node 24 (the `node` package) failed to install.
//
// npm itself runs on the machine's Node (20 on these machines) and checks every package's
// "engines" against it: it prints about ten 'EBADENGINE Unsupported engine' warnings for
// packages that want Node 22 or 24. They are expected: every npm script runs on the project's
// Node 24 from node_modules/.bin. npm has no setting to check engines against another Node, so
// this says so once, after them (decision 030).

import { pathToFileURL } from 'node:url';

const RUNTIME_MAJOR = 24;

const major = (version) => Number(/^v?(\d+)/.exec(version ?? '')?.[1] ?? Number.NaN);

/**
 * What to print after an install: `npmAgent` is npm's user agent ("npm/11.19.1 node/v20.20.2
 * linux x64 …"), `runtime` the version of the `node` the install's scripts run on.
 * @returns {string | null}
 */
export function installNote(npmAgent, runtime) {
  if (!(major(runtime) >= RUNTIME_MAJOR)) {
    return (
      `flock: the project's Node ${RUNTIME_MAJOR} is missing (scripts run on Node ${runtime}). ` +
      'Run `npm rebuild node`, or `npm install` again, and check that its install script may run.'
    );
  }
  const npmNode = /\bnode\/(v?[\d.]+)/.exec(npmAgent ?? '')?.[1];
  if (!npmNode || major(npmNode) >= RUNTIME_MAJOR) return null;
  return (
    `flock: the 'Unsupported engine' (EBADENGINE) warnings above are expected. npm ran on this ` +
    `machine's Node ${npmNode}, and checked the packages against it; Flock runs on its own ` +
    `Node ${runtime} (node_modules/.bin/node), which npm start, npm test and every npm script use.`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const note = installNote(process.env.npm_config_user_agent, process.version);
  if (note) console.log(`\n${note}\n`);
}
