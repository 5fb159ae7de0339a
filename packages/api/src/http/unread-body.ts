import type { IncomingMessage } from 'node:http';

/** How much of a refused body the server reads and throws away so its answer arrives; past this it may close. */
export const DISCARD_CAP_BYTES = 64 * 1024 * 1024;
/** How long it waits for the rest of a refused body before answering anyway. */
export const DISCARD_MAX_MS = 30_000;

/** True while the client is still sending a body the server has not read off the socket. */
export function bodyStillArriving(raw: IncomingMessage): boolean {
  if (raw.complete || raw.destroyed || raw.readableEnded) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads the rest of a request body the server has refused and throws it away, resolving once the client has sent
 * it all (true), or when it passes `capBytes`, takes longer than `maxMs`, or the connection ends (false).
 *
 * Why: an answer sent with `Connection: close` while the client is still sending makes Node close the socket with
 * unread bytes in it, and the kernel answers those with a reset, so the client (a browser, nginx, curl) sees
 * ECONNRESET/EPIPE instead of the 413 (or any refusal) we meant to send. A body that declares more than the cap
 * is not read at all.
 */
export function discardRequestBody(raw: IncomingMessage, capBytes = DISCARD_CAP_BYTES, maxMs = DISCARD_MAX_MS): Promise<boolean> {
  if (!bodyStillArriving(raw)) return Promise.resolve(true);
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > capBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onStop);
      raw.off('close', onStop);
      resolve(drained);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > capBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onStop = () => finish(false);
    const timer = setTimeout(onStop, maxMs);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onStop);
    raw.once('close', onStop);
    // A parser (JSON, a form reader, a decompressor) may still hold the stream: the bytes are ours to drop now.
    raw.unpipe();
    raw.resume();
  });
}
