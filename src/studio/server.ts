/**
 * The studio's HTTP server: on 127.0.0.1 only, a port the system picks (or the one asked), serving the page
 * (studio/ at the package's root), three.js from node_modules (nothing from the internet), and a small JSON
 * API over one StudioSession. Requests naming another host are refused, so a web page elsewhere cannot
 * reach the studio through a rebound DNS name.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { findPackageRoot, readFileBounded } from '../files/read.js';
import type { StudioSession } from './session.js';

/** What the page's buttons write, each by the command that writes it. */
export const WRITE_KINDS = ['stl', 'plates', 'cards'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface StudioServerOptions {
  session: StudioSession;
  /** The faction file's text when the studio opened. */
  text: string;
  /** Saves the editor's text as the faction file. */
  save: (text: string) => Promise<void>;
  /** Writes the faction's files of one kind (from the saved file); says what it wrote. */
  write: (kind: WriteKind) => Promise<{ ok: boolean; output: string; folder: string }>;
  /** 0 (default): a free port. */
  port?: number;
}

export interface StudioServer {
  url: string;
  close: () => Promise<void>;
}

/** A request body is a faction file's text: the loader's cap, with room to spare. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The largest file served: three's build (about 1.3 MB a module) with room to spare. */
const MAX_SERVED_BYTES = 16 * 1024 * 1024;

const ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
const PAGE_DIR = join(ROOT, 'studio');
/** three's folder, where Node finds it (its package.json may be hidden by its exports). */
const THREE_DIR = dirname(dirname(fileURLToPath(import.meta.resolve('three'))));
/** The page's own files, and the parts of three it imports. */
const STATIC: Readonly<Record<string, string>> = { '/': 'index.html', '/app.js': 'app.js', '/app.css': 'app.css' };
const THREE_ALLOWED = ['build/', 'examples/jsm/'];
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

function send(res: ServerResponse, status: number, body: string | Uint8Array, type: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}
const json = (res: ServerResponse, status: number, value: unknown): void =>
  send(res, status, JSON.stringify(value), 'application/json');

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY_BYTES) throw new RangeError(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const typeOf = (path: string): string => TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';

/** Starts the studio; resolves once it listens, with its address. */
export function startStudio(options: StudioServerOptions): Promise<StudioServer> {
  const { session } = options;
  let text = options.text;
  // One check at a time, in order: the session keeps state between edits.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(res, 403, 'the studio answers on 127.0.0.1 only', 'text/plain');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const path = url.pathname;
    if (req.method === 'GET' && STATIC[path])
      return send(
        res,
        200,
        await readFileBounded(join(PAGE_DIR, STATIC[path]!), MAX_SERVED_BYTES),
        typeOf(STATIC[path]!),
      );
    if (req.method === 'GET' && path.startsWith('/vendor/three/')) {
      const rel = normalize(path.slice('/vendor/three/'.length)).split(sep).join('/');
      if (rel.includes('..') || !THREE_ALLOWED.some((a) => rel.startsWith(a)) || !rel.endsWith('.js'))
        return send(res, 404, 'not found', 'text/plain');
      return send(res, 200, await readFileBounded(join(THREE_DIR, rel), MAX_SERVED_BYTES), typeOf(rel));
    }
    if (req.method === 'GET' && path === '/api/file') return json(res, 200, { file: session.options.file, text });
    if (req.method === 'GET' && path === '/api/schema')
      return send(
        res,
        200,
        await readFileBounded(join(ROOT, 'schema', 'faction.schema.json'), MAX_SERVED_BYTES),
        'application/json',
      );
    if (req.method === 'GET' && path === '/api/part') {
      const bytes = session.part(url.searchParams.get('path') ?? '');
      return bytes
        ? send(res, 200, bytes, 'model/stl')
        : send(res, 404, 'no such part in the latest build', 'text/plain');
    }
    if (req.method === 'GET' && path === '/api/deck-map.png') {
      const png = session.deckMapPng();
      return png ? send(res, 200, png, 'image/png') : send(res, 404, 'no deck map yet', 'text/plain');
    }
    if (req.method === 'POST' && path === '/api/check') {
      const t = await body(req);
      text = t;
      return json(res, 200, await inTurn(() => session.check(t)));
    }
    if (req.method === 'POST' && path === '/api/save') {
      text = await body(req);
      await options.save(text);
      return json(res, 200, { saved: session.options.file });
    }
    const write = /^\/api\/write\/([a-z]+)$/.exec(path);
    if (req.method === 'POST' && write && (WRITE_KINDS as readonly string[]).includes(write[1]!)) {
      text = await body(req);
      await options.save(text);
      return json(res, 200, await inTurn(() => options.write(write[1] as WriteKind)));
    }
    send(res, 404, 'not found', 'text/plain');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // The page shows the message; the studio keeps running. A file it cannot read is one it does not have.
      if (!res.headersSent)
        json(res, e instanceof RangeError ? 413 : e instanceof InputError ? 404 : 500, {
          error: e instanceof Error ? e.message : String(e),
        });
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
