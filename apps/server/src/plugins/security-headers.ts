// Headers every answer carries. The web app ships no inline script, so the Content-Security-Policy
// allows scripts from this origin only: an injected `<script>` or `onerror=` handler does not run
// even if some text escaped escaping. Styles may be inline (the component library sets them at
// run time). API answers are never cached: they hold one user's data. The API explorer at /docs
// (swagger UI) gets a policy of its own, as strict: its page, scripts and styles are files of this
// origin, with no inline script.
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../http/paths.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API explorer's policy. It reads the OpenAPI document and "Try it out" calls the API, both on
 * this origin; its icons are data: images. Nothing of it may be framed, nor post a form elsewhere.
 * The one inline style it needs, the `<style>` element of the swagger logo drawn before ours
 * replaces it, is let through by its hash (a new swagger UI may change it: e2e/api-docs.e2e.ts
 * fails on any policy violation).
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    // An answer that may be framed by the app's own pages (a tutorial document) sets its own frame policy.
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy'))
      reply.header('Content-Security-Policy', req.url.startsWith('/docs') ? DOCS_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isApiPath(req.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
