/** Runs the CLI in this process, then prints the process's peak RSS (all threads) as a last JSON line. */
import { avoidExitDeadlock } from '../src/cli/runtime.js';

avoidExitDeadlock();
const { main } = await import('../src/cli/main.js');
const code = await main(['node', 'shipwright', ...process.argv.slice(2)]);
process.stdout.write(`\n${JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
process.exitCode = code;
