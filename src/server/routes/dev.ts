/**
 * Demo-mode mailbox (issue 2 §2): `GET /api/dev/outbox?email=` and a `/dev/mailbox` page, so
 * a local user can read their code. Not registered in production mode.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../domain/deps.js';
import { ok, requestLocale } from '../http/envelope.js';
import { normalizeEmail } from '../domain/users.js';

async function outbox(deps: Deps, email: string | undefined) {
  let query = deps.db.selectFrom('mail_outbox').selectAll().orderBy('sent_at', 'desc').limit(50);
  if (email) query = query.where('to_address', '=', normalizeEmail(email));
  const rows = await query.execute();
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text, sentAt: r.sent_at }));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function devRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: { email?: string } }>('/api/dev/outbox', async (request) =>
    ok(deps.messages, requestLocale(request), await outbox(deps, request.query.email)),
  );

  app.get<{ Querystring: { email?: string } }>('/dev/mailbox', async (request, reply) => {
    const messages = await outbox(deps, request.query.email);
    const items = messages
      .map((m) => `<article><header><b>${escapeHtml(m.subject)}</b><br><small>${escapeHtml(m.to)} · ${new Date(m.sentAt).toISOString()}</small></header><pre>${escapeHtml(m.text)}</pre></article>`)
      .join('') || '<p>No messages yet.</p>';
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return `<!doctype html><meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo mailbox</title>
<style>body{font:15px system-ui;margin:0;padding:16px;background:#f4f6fa;color:#0f172a}article{background:#fff;border-radius:12px;padding:12px 14px;margin:0 0 12px;box-shadow:0 1px 3px #0001}pre{white-space:pre-wrap;font:inherit}form{margin-bottom:16px;display:flex;gap:8px}input{flex:1;padding:10px;border-radius:8px;border:1px solid #cbd5e1}</style>
<h1>Demo mailbox</h1><p>Local outbox of this demo server. Production mode sends by SMTP and has no mailbox.</p>
<form><input name="email" type="email" placeholder="Filter by email" value="${escapeHtml(request.query.email ?? '')}"><button>Show</button></form>${items}`;
  });
}
