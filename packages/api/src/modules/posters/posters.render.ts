import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import type { PosterTemplate } from '@summit/domain';

/**
 * The poster renderer (decision 107): Skia through @napi-rs/canvas, text in the project's committed CJK font (Noto Sans SC
 * subset, OFL, packages/api/assets/fonts, the same file the offer letters embed), the QR drawn module by module from
 * `qrcode`'s matrix. Pure: the same template and data give the same bytes, so an image is named by the hash of its inputs.
 */
export const POSTER_FONT_FILE = 'NotoSansSC-Regular-subset.ttf';
const FONT_FAMILY = 'SummitPosterSans';
/** Bump when drawing changes, so cached images under old hashes are not served for new inputs. */
const RENDERER_VERSION = 1;

export function findPosterFont(here: string = path.dirname(fileURLToPath(import.meta.url))): string {
  const candidates = [path.resolve(here, '../../../assets/fonts', POSTER_FONT_FILE), path.resolve(here, 'assets/fonts', POSTER_FONT_FILE)];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`poster font not found; looked in ${candidates.join(', ')}`);
  return found;
}

let fontReady = false;
function ensureFont(): void {
  if (fontReady) return;
  if (!GlobalFonts.registerFromPath(findPosterFont(), FONT_FAMILY)) throw new Error('poster font could not be loaded');
  fontReady = true;
}

export interface PosterInput {
  template: PosterTemplate;
  /** Values for the {name}, {school}, {programme} placeholders; already plain text. */
  values: Record<string, string>;
  /** What the QR encodes. */
  qrText: string;
}

export function posterHash(input: PosterInput): string {
  const canonical = JSON.stringify([RENDERER_VERSION, input.template, Object.entries(input.values).sort(([a], [b]) => a.localeCompare(b)), input.qrText]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Fills `{key}` placeholders; unknown keys become empty; control characters are dropped. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
}

export async function drawPoster(input: PosterInput): Promise<Buffer> {
  ensureFont();
  const t = input.template;
  const canvas = createCanvas(t.width, t.height);
  const g = canvas.getContext('2d');
  g.fillStyle = t.background;
  g.fillRect(0, 0, t.width, t.height);
  g.fillStyle = t.accent;
  g.fillRect(0, 0, t.width, 16);
  g.fillRect(0, t.height - 16, t.width, 16);
  g.textBaseline = 'middle';
  for (const slot of t.texts) {
    const text = fillText(slot.text, input.values);
    if (!text) continue;
    g.font = `${slot.size}px ${FONT_FAMILY}`;
    g.fillStyle = slot.color;
    g.textAlign = slot.align;
    // Long names shrink to fit the poster's width rather than run off its edge.
    g.fillText(text, slot.x, slot.y, t.width - 48);
  }
  const qr = QRCode.create(input.qrText, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = Math.max(1, Math.floor(t.qr.size / (n + quiet * 2)));
  const side = cell * (n + quiet * 2);
  const ox = t.qr.x + Math.floor((t.qr.size - side) / 2);
  const oy = t.qr.y + Math.floor((t.qr.size - side) / 2);
  g.fillStyle = '#ffffff';
  g.fillRect(ox, oy, side, side);
  g.fillStyle = '#000000';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) g.fillRect(ox + (c + quiet) * cell, oy + (r + quiet) * cell, cell, cell);
    }
  }
  return canvas.encode('png');
}

/** Rendered images by hash, bounded by total bytes (least recently used goes first). */
export class PosterCache {
  private readonly map = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}
  get(hash: string): Buffer | undefined {
    const png = this.map.get(hash);
    if (png) {
      this.map.delete(hash);
      this.map.set(hash, png);
    }
    return png;
  }
  set(hash: string, png: Buffer): void {
    if (this.map.has(hash)) return;
    this.map.set(hash, png);
    this.bytes += png.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.length;
    }
  }
  get size(): number {
    return this.map.size;
  }
}

/** At most this many canvases drawn at once: each 750×1200 canvas is 3.6 MB of pixels, so a burst queues rather than swells. */
const MAX_DRAWS = 4;
let drawing = 0;
const waiting: Array<() => void> = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (drawing >= MAX_DRAWS) await new Promise<void>((resolve) => waiting.push(resolve));
  drawing++;
  try {
    return await fn();
  } finally {
    drawing--;
    waiting.shift()?.();
  }
}

const shared = new PosterCache();
const inflight = new Map<string, Promise<Buffer>>();

/** Renders once per distinct input (concurrent identical requests share one render); later calls come from the cache. */
export async function renderCached(input: PosterInput, cache: PosterCache = shared): Promise<{ png: Buffer; hash: string; cached: boolean }> {
  const hash = posterHash(input);
  const hit = cache.get(hash);
  if (hit) return { png: hit, hash, cached: true };
  let pending = inflight.get(hash);
  if (!pending) {
    pending = limited(() => drawPoster(input)).finally(() => inflight.delete(hash));
    inflight.set(hash, pending);
  }
  const png = await pending;
  cache.set(hash, png);
  return { png, hash, cached: false };
}

export function cachedPoster(hash: string, cache: PosterCache = shared): Buffer | undefined {
  return cache.get(hash);
}
