/**
 * Run by `npm run build` after compiling: keeps the code version of dist/src/ in dist/code-version.json
 * (src/io/cache.ts rememberBuiltCodeVersion), so a run of the built code need not list its files.
 */
import { rememberBuiltCodeVersion } from '../src/io/cache.js';

await rememberBuiltCodeVersion();
