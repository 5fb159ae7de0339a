/** Sends a streamed .xlsx (exports/sheet-stream.ts builds it) as a download: the one HTTP side of every export. */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a streamed sheet as a download named in Chinese (ASCII fallback for old clients). */
export function sendSheet(req: FastifyRequest, reply: FastifyReply, asciiName: string, fileName: string, stream: Readable) {
  stream.on('error', (err) => req.log.error({ err }, 'export failed midway'));
  return reply
    .header('content-type', XLSX_TYPE)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(stream);
}
