/**
 * Documents (docs/product.md, Documents): `order/contractNotes {page, pageSize?}` (the
 * investor's contract notes, one per trade day), `documents/contractNoteLink {id, format}`,
 * `documents/financialYears {}` and `documents/capitalGainsLink {fy, format}` (where the
 * /statements screen fetches a file), and the files themselves:
 * `GET /api/documents/contract-note/:id?format=html|pdf&lang=de|en|hi|zh` (in that language) and
 * `GET /api/documents/capital-gains?fy=2026-27&format=csv|pdf&lang=…` (the PDF in that language), for a logged-in investor and
 * only their own (another investor's note answers 1480, never a 404).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CallRegistry } from '../http/calls.js';
import { resolveAuth } from '../http/calls.js';
import { requestLocale } from '../http/envelope.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { capitalGainsFile, capitalGainsLink, contractNoteFile, contractNoteLink, financialYearSummaries, listContractNotes, type DocumentFile } from '../domain/documents/index.js';
import { NOTE_STYLE_HASH } from '../domain/documents/contract-notes.js';
import type { CapitalGainsLink, ContractNoteLink, PageRequest } from '../../shared/generated/index.js';

/** Sends a document privately: no caching by shared caches, no sniffing, a sandboxing CSP. */
function send(reply: FastifyReply, file: DocumentFile): FastifyReply {
  const html = file.contentType.startsWith('text/html');
  return reply
    .header('Content-Type', file.contentType)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `${html ? 'inline' : 'attachment'}; filename="${file.filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', `default-src 'none'; style-src ${NOTE_STYLE_HASH}; sandbox`)
    .send(file.body);
}

export function documentRoutes(app: FastifyInstance, calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  user.query<PageRequest>('order/contractNotes', 'api/pageRequest', ({ auth, body }) => listContractNotes(deps, auth!.userId, body));
  user.query<ContractNoteLink>('documents/contractNoteLink', 'api/contractNoteLink', ({ auth, body, locale }) => contractNoteLink(deps, auth!.userId, body, locale));
  user.query('documents/financialYears', undefined, ({ auth }) => financialYearSummaries(deps, auth!.userId));
  user.query<CapitalGainsLink>('documents/capitalGainsLink', 'api/capitalGainsLink', ({ body, locale }) => capitalGainsLink(body, locale));

  app.get<{ Params: { id: string }; Querystring: { format?: string; lang?: string } }>('/api/documents/contract-note/:id', async (request, reply) => {
    const auth = (await resolveAuth(deps, request, 'user'))!;
    return send(reply, await contractNoteFile(deps, auth.userId, request.params.id, request.query.format, requestLocale(request)));
  });

  app.get<{ Querystring: { fy?: string; format?: string; lang?: string } }>('/api/documents/capital-gains', async (request, reply) => {
    const auth = (await resolveAuth(deps, request, 'user'))!;
    return send(reply, await capitalGainsFile(deps, auth.userId, request.query.fy, request.query.format, requestLocale(request)));
  });
}
