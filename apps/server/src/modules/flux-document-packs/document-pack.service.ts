import {
  DOCUMENT_PACK_MAX_DOCUMENTS,
  DOCUMENT_PACK_MESSAGES,
  DOCUMENT_PACK_SUMMARY_NAME,
  ModuleSlug,
  documentPackSummaryHeader,
  documentPackSummaryLine,
  fluxSearchFiltersContract,
  parisToday,
  validationIssues,
  type DocumentPackFlux,
  type DocumentPackRequest,
  type FluxDocumentKind,
} from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';
import type { FluxDocumentsService } from '../flux-documents/flux-documents.service';
import { requireModule, type RequestScope } from '../scope/scope';
import { createPackSelection } from './pack-selection';
import { writePackAudit } from './pack-audit';
import { ZipWriter } from './zip-writer';

// The ZIP writer (ADR 0019), written for the packs and used by the jobs and the reminders too.
export { ZipWriter, type ZipState } from './zip-writer';

/** Flux read per keyset batch. */
const PACK_BATCH_SIZE = 100;

export interface PreparedPack {
  /** Documents the filters matched when the pack was asked for. */
  documents: number;
  /** The ZIP's bytes, built as they are read; stops at the next document once `signal` aborts. */
  chunks(signal: AbortSignal): AsyncGenerator<Buffer>;
}

export interface DocumentPackOptions {
  cap?: number;
  /** Packs built at once by every process together (one per user at most); DEFAULT_CONCURRENT_PACKS. */
  concurrentPacks?: number;
  /** Tests: a shorter PACK_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
  /** Packs of more documents are built as a job (R-JOB-05); DOCUMENT_PACK_BACKGROUND_ABOVE. */
  backgroundAbove?: number;
  /** Flux a background pack's step reads (tests: 1, for many steps). */
  jobStepFlux?: number;
  /** Awaited after each document is read: tests count (and pace) the server's work around a cancel. */
  onDocument?: () => void | Promise<void>;
}

/**
 * Every check happens in `prepare`, before the first byte: the module, the filters, the
 * count against the cap. Each document is then read through the single-download path
 * (scope and module again, issued on first read, the stored bytes otherwise), so a pack
 * holds exactly the bytes a single download gives.
 */
export function createDocumentPackService(
  database: Database,
  documents: FluxDocumentsService,
  options: DocumentPackOptions = {},
) {
  const cap = options.cap ?? DOCUMENT_PACK_MAX_DOCUMENTS;
  return {
    async prepare(scope: RequestScope, request: DocumentPackRequest): Promise<PreparedPack> {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      // The search form's contract: the pack refuses what the search refuses, field by field.
      const checked = fluxSearchFiltersContract(parisToday()).safeParse(request.filters);
      if (!checked.success) {
        const issues = validationIssues(checked.error.issues).map((issue) => ({
          path: issue.path ? `filters.${issue.path}` : 'filters',
          message: issue.message,
        }));
        const first = `${DOCUMENT_PACK_MESSAGES.invalidFilters} : ${checked.error.issues[0]?.message ?? ''}`;
        throw new HttpError(400, first, 'bad-request', issues);
      }
      const selection = createPackSelection(database, scope, request.filters);
      const fluxCount = await selection.count();
      const total = fluxCount * request.kinds.length;
      if (total === 0) throw notFound(DOCUMENT_PACK_MESSAGES.empty);
      if (total > cap) throw new HttpError(422, DOCUMENT_PACK_MESSAGES.tooMany(total, cap), 'pack-too-large');
      return {
        documents: total,
        chunks: (signal) => packChunks(scope, request, selection, total, signal),
      };
    },
  };

  async function* packChunks(
    scope: RequestScope,
    request: DocumentPackRequest,
    selection: ReturnType<typeof createPackSelection>,
    total: number,
    signal: AbortSignal,
  ): AsyncGenerator<Buffer> {
    const zip = new ZipWriter();
    let summary = documentPackSummaryHeader();
    let sent = 0;
    let complete = false;
    const items = packItems(selection, request.kinds as FluxDocumentKind[]);
    const startReading = async (): Promise<PackRead | undefined> => {
      const item = await items.next();
      if (item.done) return undefined;
      const read = readDocument(scope, item.value.kind, item.value.flux.id);
      // Awaited in its turn; until then a failure must not count as unhandled.
      read.catch(() => undefined);
      return { ...item.value, read };
    };
    try {
      let current = await startReading();
      // Flux created after the count are left out: the pack never exceeds what was accepted.
      while (current && sent < total) {
        if (signal.aborted) return;
        // One document read ahead: the next one renders while this one's rows are written
        // (PostgreSQL works on the other core); never one beyond what the pack may hold.
        const next = sent + 1 < total ? await startReading() : undefined;
        const document = await current.read;
        await options.onDocument?.();
        // Removed since the count: left out, like a flux the search no longer shows.
        if (document) {
          if (signal.aborted) return;
          // R-DOC-05: the name it downloads under alone.
          const name = document.fileName;
          yield* zip.entry(name, document.bytes);
          summary += documentPackSummaryLine(current.flux, name);
          sent++;
        }
        current = next ?? (sent < total ? await startReading() : undefined);
      }
      if (signal.aborted) return;
      yield* zip.entry(DOCUMENT_PACK_SUMMARY_NAME, Buffer.from(summary, 'utf8'));
      yield* zip.end();
      complete = true;
    } finally {
      await writePackAudit(
        database,
        { userId: scope.actor.userId, structureId: scope.currentStructureId },
        { request, total, sent, complete },
      );
    }
  }

  function readDocument(scope: RequestScope, kind: FluxDocumentKind, fluxId: number) {
    return readPackDocument(documents, scope, kind, fluxId);
  }
}

/**
 * One document of a pack, through the single-download path (scope and module again, issued on
 * first read, the stored bytes otherwise); null when its flux is gone since the count.
 */
export async function readPackDocument(
  documents: FluxDocumentsService,
  scope: RequestScope,
  kind: FluxDocumentKind,
  fluxId: number,
): Promise<{ fileName: string; bytes: Buffer } | null> {
  try {
    const { fileName, body } = await documents.download(scope, kind, fluxId, { audit: false });
    return { fileName, bytes: Buffer.isBuffer(body) ? body : await collect(body) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

interface PackItem {
  flux: DocumentPackFlux;
  kind: FluxDocumentKind;
}

/** An item whose document is being read (issued on first read); null when the flux is gone. */
interface PackRead extends PackItem {
  read: Promise<{ fileName: string; bytes: Buffer } | null>;
}

/** Every (flux, kind) the filters match, in flux id order, read in keyset batches as consumed. */
async function* packItems(
  selection: ReturnType<typeof createPackSelection>,
  kinds: readonly FluxDocumentKind[],
): AsyncGenerator<PackItem> {
  for (let afterId = 0; ;) {
    const batch = await selection.batch(afterId, PACK_BATCH_SIZE);
    if (batch.length === 0) return;
    for (const flux of batch) {
      for (const kind of kinds) yield { flux, kind };
      afterId = flux.id;
    }
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
