import module from 'node:module';
import { registerFastResolve } from '../fast-resolve.ts';

// Loaded by Node (`--import`) into every test process that runs the server's code: the same
// resolver and compile cache as `npm start` (main.ts), so each test file's ~1,000 modules
// are found and compiled once per machine rather than once per file (decision 060).
registerFastResolve();
module.enableCompileCache();
