import {
  DOCUMENT_PACK_BACKGROUND_ABOVE,
  DOCUMENT_PACK_PATH,
  documentPackRequestSchema,
  parisToday,
  runsInBackground,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { Readable, finished } from 'node:stream';
import type { Database } from '../../db/database';
import type { SharedPlaces } from '../../lib/shared-limits/places';
import { parseInput } from '../../lib/validation';
import { createFluxDocumentsService, type FluxDocumentsSettings } from '../flux-documents/flux-documents.service';
import { resolveScope } from '../../plugins/scope';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobView } from '../jobs/jobs.service';
import { startDocumentPackJob } from './document-pack-job';
import { createDocumentPackService, type DocumentPackOptions } from './document-pack.service';
import { PACK_IDLE_TIMEOUT_MS, createPackSlots } from './pack-slots';

/**
 * POST /api/flux/documents/pack.zip (R-DOC-08): the flux search's filters in the
 * body, one ZIP back, streamed as it is built. Refusals (filters, empty, over the cap) come
 * before the first byte; once streaming, a client that goes away stops the work. A pack of
 * more than DOCUMENT_PACK_BACKGROUND_ABOVE documents, or asked `arrierePlan`, is a job
 * instead (R-JOB-05): 202 with the job, its ZIP downloaded from 'Mes traitements'.
 */
export function registerDocumentPackRoutes(
  app: FastifyInstance,
  database: Database,
  settings: FluxDocumentsSettings,
  places: SharedPlaces,
  options: DocumentPackOptions = {},
  jobs?: JobRuntime,
): void {
  const documents = createFluxDocumentsService(database, settings);
  const service = createDocumentPackService(database, documents, options);
  const slots = createPackSlots(places, options.concurrentPacks);
  const idleTimeoutMs = options.idleTimeoutMs ?? PACK_IDLE_TIMEOUT_MS;
  app.post(DOCUMENT_PACK_PATH, { config: { auth: 'user', event: 'documents.lot' } }, async (request, reply) => {
    const body = parseInput(documentPackRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    // Taken before any work, given back when the response ends however it ends: finished()
    // also calls back at once for a response closed before this line (a client gone while
    // the scope was read). The document in progress, at most two, may finish after: bounded.
    const slot = await slots.take(scope.actor.userId);
    const cancel = new AbortController();
    // A client that stops reading holds its place and a connection: once the first document is
    // written (the headers go with it; the first one may wait for a render thread), after this
    // long with no byte written its socket is closed, which ends the pack like a cancel.
    const socket = request.raw.socket as Socket | undefined;
    const onIdle = () => socket?.destroy();
    const watchIdleClient = () => {
      socket?.setTimeout?.(idleTimeoutMs);
      socket?.once?.('timeout', onIdle);
    };
    finished(reply.raw, () => {
      socket?.off?.('timeout', onIdle);
      slot.release();
      // Ended before the whole ZIP was sent: the client cancelled or went away. The signal stops
      // the pack before its next document; the one being read and the one read ahead finish (a
      // first read issues and stores the document, whole or not at all). Destroying the stream
      // ends the generator (its audit row).
      if (!reply.raw.writableFinished) cancel.abort();
    });
    let pack;
    try {
      pack = await service.prepare(scope, body);
    } catch (error) {
      slot.release();
      throw error;
    }
    const backgroundAbove = options.backgroundAbove ?? DOCUMENT_PACK_BACKGROUND_ABOVE;
    if (jobs && runsInBackground(pack.documents, backgroundAbove, body.arrierePlan)) {
      // The job has its own place (one background pack per user): this request's is given back.
      slot.release();
      const job = await startDocumentPackJob(jobs, scope, body, pack.documents);
      return reply
        .code(202)
        .header('cache-control', 'private, no-store')
        .send({ traitement: jobView(job, scope.actor) });
    }
    // Pulled only as the socket drains: backpressure, one document in memory at a time.
    const stream = Readable.from(afterFirstChunk(pack.chunks(cancel.signal), watchIdleClient), { objectMode: false });
    if (cancel.signal.aborted) stream.destroy();
    else cancel.signal.addEventListener('abort', () => stream.destroy(), { once: true });
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="documents-${parisToday()}.zip"`)
      .header('x-documents-count', String(pack.documents))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}

/** The chunks, calling `then` once the first has been taken by the response. */
async function* afterFirstChunk<T>(chunks: AsyncIterable<T>, then: () => void): AsyncGenerator<T> {
  let first = true;
  for await (const chunk of chunks) {
    yield chunk;
    if (first) then();
    first = false;
  }
}
