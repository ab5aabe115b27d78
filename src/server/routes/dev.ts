/**
 * Demo-mode mailbox: `GET /api/dev/outbox?email=` and a
 * `/dev/mailbox` page, so a local user can read their code. Not registered in production mode.
 *
 * The outbox answers only
 * - with an `email` given (never a list of everyone's mail) — else code 1600;
 * - to loopback clients (127.0.0.1, ::1) — else code 1601;
 * - for investor accounts: an operator's (or editor's) codes are never shown (code 1602);
 *   they are printed in the server log instead (see `captcha.ts`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../domain/deps.js';
import { AppError } from '../domain/errors.js';
import { ok, requestLocale } from '../http/envelope.js';
import { isPrivilegedRole, normalizeEmail } from '../domain/users.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when the request comes from this machine (after `trustProxy`, when enabled). */
export function isLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.ip) || request.ip.startsWith('127.');
}

/**
 * The newest 50 mails to one investor address.
 * @throws AppError `outboxEmailRequired`, `outboxLoopbackOnly`, `outboxPrivileged`.
 */
async function outbox(deps: Deps, request: FastifyRequest, email: string | undefined) {
  if (!isLoopback(request)) throw new AppError('outboxLoopbackOnly');
  if (!email || !email.trim()) throw new AppError('outboxEmailRequired');
  const address = normalizeEmail(email);
  const owner = await deps.db.selectFrom('users').select('role').where('email', '=', address).executeTakeFirst();
  if (owner && isPrivilegedRole(owner.role)) throw new AppError('outboxPrivileged');
  const rows = await deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('sent_at', 'desc').limit(50).execute();
  return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text, sentAt: r.sent_at }));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mailbox page's styles, a file of its own: the CSP allows no inline `<style>`. */
const MAILBOX_CSS =
  'body{font:15px system-ui;margin:0;padding:16px;background:#f4f6fa;color:#0f172a}article{background:#fff;border-radius:12px;padding:12px 14px;margin:0 0 12px;box-shadow:0 1px 3px #0001}pre{white-space:pre-wrap;font:inherit}form{margin-bottom:16px;display:flex;gap:8px}input{flex:1;padding:10px;border-radius:8px;border:1px solid #cbd5e1}';

export function devRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/dev/mailbox.css', async (_request, reply) => {
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache');
    return MAILBOX_CSS;
  });

  app.get<{ Querystring: { email?: string } }>('/api/dev/outbox', async (request) =>
    ok(deps.messages, requestLocale(request), await outbox(deps, request, request.query.email)),
  );

  app.get<{ Querystring: { email?: string } }>('/dev/mailbox', async (request, reply) => {
    const email = typeof request.query.email === 'string' ? request.query.email : '';
    let items: string;
    if (!email.trim()) {
      if (!isLoopback(request)) throw new AppError('outboxLoopbackOnly');
      items = '<p>Enter your email address to see the codes mailed to it.</p>';
    } else {
      const messages = await outbox(deps, request, email);
      items =
        messages
          .map((m) => `<article><header><b>${escapeHtml(m.subject)}</b><br><small>${escapeHtml(m.to)} · ${new Date(m.sentAt).toISOString()}</small></header><pre>${escapeHtml(m.text)}</pre></article>`)
          .join('') || '<p>No messages yet.</p>';
    }
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return `<!doctype html><meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo mailbox</title>
<link rel="stylesheet" href="/dev/mailbox.css">
<h1>Demo mailbox</h1><p>Local outbox of this demo server, for this machine only. Operator codes are printed in the server log. Production mode sends by SMTP and has no mailbox.</p>
<form><input name="email" type="email" placeholder="Your email" value="${escapeHtml(email)}"><button>Show</button></form>${items}`;
  });
}
