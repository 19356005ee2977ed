/**
 * A lock file that a killed run cannot leave behind for ever. The holder writes `{pid, host, token}` into
 * it and touches its time every HEARTBEAT_MS; a lock whose time is older than STALE_MS is a dead run's,
 * whatever its pid (a pid is reused, and in a container a killed run's pid 1 is our own), and on this
 * host a lock whose pid no longer runs is dead at once. Anything at the lock path that is not a regular
 * file (a folder, a FIFO) is refused at once, an unreadable lock is judged by its time alone, and a wait
 * always ends at its deadline with a message.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readFile, rm, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { InputError } from '../errors.js';
import { pidAlive } from './atomic.js';
import { asUserError } from './fs-errors.js';
import { fileKind } from './read.js';

/** How often a holder touches its lock. */
const HEARTBEAT_MS = 1000;
/** A lock untouched this long is a dead run's: ten missed heartbeats, far longer than a busy disk stalls. */
export const STALE_MS = 10_000;
/** How long a run waits for another run's lock by default: a write takes seconds, a build is done before the lock is taken. */
export const LOCK_WAIT_MS = 60_000;

/**
 * Tokens of the locks this process has taken, held or given back: a lock with our pid and another token is
 * a dead run's (the pid reused), but one with a token of ours is a run of this process, held or being
 * removed by it; judged dead, its removal could remove the next holder's lock instead.
 */
const taken = new Set<string>();
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Holder {
  pid: number;
  host: string;
  token: string;
}

function parseHolder(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(h.pid) && typeof h.host === 'string' && typeof h.token === 'string' ? (h as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether the lock at `path` (last touched at `mtimeMs`, holding `text` or unreadable) belongs to a dead run. */
function isStale(mtimeMs: number, text: string | null): boolean {
  if (Date.now() - mtimeMs > STALE_MS) return true;
  const h = text === null ? null : parseHolder(text);
  if (!h || h.host !== hostname()) return false;
  if (h.pid === process.pid) return !taken.has(h.token);
  return !pidAlive(h.pid);
}

export interface LockOptions {
  /** How long to wait for another run's lock, in ms (default LOCK_WAIT_MS). */
  waitMs?: number;
  /** What the lock guards, for the message when the wait ends (default "this folder"). */
  what?: string;
}

/**
 * Runs `fn` holding the lock file `lockPath`. `shown` names what the user gave (the folder or file the
 * lock guards) in messages. Throws InputError when the wait ends or the lock path holds something else.
 */
export async function withLock<T>(
  lockPath: string,
  shown: string,
  fn: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  const token = randomBytes(8).toString('hex');
  for (;;) {
    const info = await lstat(lockPath).catch((e: NodeJS.ErrnoException) =>
      e.code === 'ENOENT' ? null : Promise.reject(asUserError(e, lockPath, 'cannot read the lock')),
    );
    if (info && !info.isFile())
      throw InputError.single(
        lockPath,
        '',
        `is ${fileKind(info)} where shipwright keeps the lock of ${shown}: remove it`,
      );
    if (!info) {
      const fh = await open(lockPath, 'wx').catch((e: NodeJS.ErrnoException) =>
        e.code === 'EEXIST' ? null : Promise.reject(asUserError(e, shown, 'cannot lock it')),
      );
      if (fh) {
        taken.add(token);
        try {
          await fh.writeFile(`${JSON.stringify({ pid: process.pid, host: hostname(), token })}\n`);
        } finally {
          await fh.close();
        }
        break;
      }
      continue;
    }
    const text = await readFile(lockPath, 'utf8').catch(() => null);
    if (isStale(info.mtimeMs, text)) {
      await rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      const pid = text === null ? null : parseHolder(text)?.pid;
      throw InputError.single(
        shown,
        '',
        `another shipwright run (${pid ? `pid ${pid}` : 'its lock is unreadable'}) is writing ${options.what ?? 'this folder'}: wait for it to finish, or remove ${lockPath} if no run is going`,
      );
    }
    await sleep(50);
  }
  const beat = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(beat);
    // Only our own lock is removed: one judged stale and taken over meanwhile belongs to its new holder.
    const text = await readFile(lockPath, 'utf8').catch(() => null);
    if (text !== null && parseHolder(text)?.token === token) await rm(lockPath, { force: true });
  }
}
