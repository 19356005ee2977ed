/** Settings of the JavaScript engine the CLI runs on, applied before anything else is loaded. */
import { setFlagsFromString } from 'node:v8';

/**
 * Node 20's V8 can deadlock at exit when a background optimising compile waits for a garbage collection
 * that the exiting main thread will never run (seen about 1 run in 40 after the geometry kernel: the main
 * thread joining the platform's workers, one of them in CollectionBarrier::AwaitCollectionBackground).
 * Optimising on the main thread instead removes the wait; the geometry runs in WebAssembly, unaffected.
 */
export function avoidExitDeadlock(): void {
  setFlagsFromString('--no-concurrent-recompilation');
}
