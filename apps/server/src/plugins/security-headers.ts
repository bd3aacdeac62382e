// Headers every answer carries. The web app ships no inline script, so the Content-Security-Policy
// allows scripts from this origin only: an injected `<script>` or `onerror=` handler does not run
// even if some text escaped escaping. Styles may be inline (the component library sets them at
// run time). API answers are never cached: they hold one user's data.
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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    // An answer that may be framed by the app's own pages (a tutorial document) sets its own frame policy.
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // The API explorer at /docs brings its own scripts; everything else gets the strict policy.
    if (!req.url.startsWith('/docs') && !reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isApiPath(req.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
