import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentTypeOf } from './content-types';

export type Encoding = 'br' | 'gzip' | 'identity';

/** One file, read once, with its compressed forms (made once, on first need) and their ETags. */
export interface StaticFile {
  type: string;
  /** Under `assets/`: named by a hash of its content, so it may be cached for good. */
  immutable: boolean;
  body(encoding: Encoding): { bytes: Buffer; etag: string };
  /** The encoding to send for an Accept-Encoding header. */
  encodingFor(accept: string | undefined): Encoding;
}

/** Accepts brotli, else gzip, when the header lists it with a quality above 0. */
function accepted(accept: string | undefined, coding: string): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function fileOf(path: string, bytes: Buffer, compress: boolean, type: string): StaticFile {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  const forms = new Map<Encoding, { bytes: Buffer; etag: string }>([['identity', { bytes, etag: `"${hash}"` }]]);
  return {
    type,
    immutable: path.startsWith('assets/'),
    body(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        const compressed =
          encoding === 'br'
            ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
            : gzipSync(bytes, { level: 9 });
        form = { bytes: compressed, etag: `"${hash}-${encoding === 'br' ? 'br' : 'gz'}"` };
        forms.set(encoding, form);
      }
      return form;
    },
    encodingFor(accept) {
      if (!compress || bytes.length < 256) return 'identity';
      if (accepted(accept, 'br')) return 'br';
      if (accepted(accept, 'gzip')) return 'gzip';
      return 'identity';
    },
  };
}

/**
 * The dashboard's built files under one folder. A path is decoded, checked to stay inside the folder (no `..`, no
 * absolute path, no NUL) and read once; the bytes and their compressed forms are kept (a build's files never change
 * while it is served).
 */
export class StaticFiles {
  readonly #root: string;
  readonly #files = new Map<string, Promise<StaticFile | undefined>>();

  constructor(root: string) {
    this.#root = resolve(root);
  }

  /** The file at a path relative to the folder (`assets/app-3f2a.js`), or undefined when there is none or the path leaves it. */
  get(relativePath: string): Promise<StaticFile | undefined> {
    const path = safePath(relativePath);
    if (path === undefined) return Promise.resolve(undefined);
    let file = this.#files.get(path);
    if (!file) {
      file = this.#read(path);
      this.#files.set(path, file);
      // A missing file is not kept: the folder may be filled after start (a build in another terminal).
      void file.then((found) => found || this.#files.delete(path));
    }
    return file;
  }

  async #read(path: string): Promise<StaticFile | undefined> {
    const full = join(this.#root, path);
    const inside = relative(this.#root, full);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const { type, compress } = contentTypeOf(path);
    return fileOf(inside.split(sep).join('/'), await readFile(full), compress, type);
  }
}

/** A URL path's file part, decoded; undefined for anything that could leave the folder or name no file. */
function safePath(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const parts = decoded.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..' || part.startsWith('.'))) return undefined;
  return parts.join('/');
}
