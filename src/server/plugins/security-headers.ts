import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy of every answer. Scripts only from this origin (no inline script, no eval);
 * styles from this origin or carrying the request's nonce (emotion, ag-grid and notistack get it from the page,
 * see web-app.ts); the OIDC authority for MSAL's token calls and silent-renewal frame; never framed.
 * Helmet adds the per-request `'nonce-...'` to script-src and style-src.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const authority = config.authMode === 'oidc' && config.oidc.authority ? [new URL(config.oidc.authority).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...authority],
    'frame-src': ["'self'", 'blob:', ...authority],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** @fastify/helmet on every answer: CSP with per-request nonces, nosniff, a Referrer-Policy, no framing. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false, // would block the authority's pages and blob: PDFs for no gain here
  });
}

/**
 * The web app's page only: its engine validates definitions with ajv, which compiles schemas into functions
 * (eval), so the page's script-src also allows 'unsafe-eval' (never inline script). Every other answer does not.
 */
export function allowEvalOnPage(reply: FastifyReply): void {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.raw.setHeader(
      'content-security-policy',
      policy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
    );
  }
}
