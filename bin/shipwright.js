#!/usr/bin/env node
// Thin launcher: the TypeScript sources are compiled to dist/ by `npm install` (the prepare script).
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv);
