import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** The slow referees (PrusaSlicer): npm run test:slow. Each skips, saying why, where its tool is missing. */
export default defineConfig({ test: { ...base.test, include: ['test/**/*.slow.test.ts'], exclude: ['**/node_modules/**'] } });
