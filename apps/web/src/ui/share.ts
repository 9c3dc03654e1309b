/**
 * The shared link: the description text and the settings in the URL hash, as
 *   #m1.<base64url(deflate-raw(JSON {description, settings}))>    (CompressionStream), or
 *   #j1.<base64url(JSON)>                                            (where CompressionStream is missing).
 * Reading a link only decodes data: the description goes to parseSystem (in the worker), the settings through
 * readSettings; nothing in a link is evaluated. Sizes are capped against decompression bombs.
 */
import { readSettings } from '../engine/settings';
import type { Settings } from '../engine/settings';

export interface SharedState {
  readonly description: string;
  readonly settings: Settings;
}

const MAX_HASH = 400_000;
const MAX_JSON = 2_000_000;

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

async function pipeThrough(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error('the shared model is too large');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) (out.set(c, at), (at += c.length));
  return out;
}

const canCompress = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

export async function encodeShare(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ description: state.description, settings: state.settings }));
  if (canCompress()) return `m1.${toBase64Url(await pipeThrough(json, new CompressionStream('deflate-raw'), MAX_JSON))}`;
  return `j1.${toBase64Url(json)}`;
}

/** The shared state of a hash (without '#'), or undefined when the hash holds none or is damaged. */
export async function decodeShare(hash: string): Promise<SharedState | undefined> {
  if (hash.length > MAX_HASH) return undefined;
  try {
    let bytes: Uint8Array;
    if (hash.startsWith('m1.') && canCompress()) bytes = await pipeThrough(fromBase64Url(hash.slice(3)), new DecompressionStream('deflate-raw'), MAX_JSON);
    else if (hash.startsWith('j1.')) bytes = fromBase64Url(hash.slice(3));
    else return undefined;
    if (bytes.length > MAX_JSON) return undefined;
    const data: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof data !== 'object' || data === null) return undefined;
    const d = (data as { description?: unknown }).description;
    if (typeof d !== 'string') return undefined;
    return { description: d, settings: readSettings((data as { settings?: unknown }).settings) };
  } catch {
    return undefined;
  }
}
