/**
 * Security headers of every response. Scripts are allowed from our origin and by a per-request
 * nonce (React Router's hydration script, Mantine's colour-scheme script); no `unsafe-inline`
 * for scripts. The analytics hosts are allowed because tarteaucitron loads them after consent.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { carriesSecret } from './request-log.js';

const ANALYTICS_SCRIPT_HOSTS = ['https://www.googletagmanager.com', 'https://connect.facebook.net'];
const ANALYTICS_CONNECT_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
  'https://www.facebook.com',
];

export function contentSecurityPolicy(nonce: string, extraConnect: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${ANALYTICS_SCRIPT_HOSTS.join(' ')}`,
    // Mantine and MapLibre set inline styles; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...ANALYTICS_CONNECT_HOSTS, ...extraConnect].join(' ')}`,
    "worker-src 'self' blob:",
    "frame-src 'self' https://www.facebook.com",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(options: { extraConnect?: string[] } = {}): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, options.extraConnect));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A page opened from an e-mailed link (a token in its address) hands it to nobody, not even
    // our own next page, whose analytics would read it in `document.referrer` (decision 1320).
    res.setHeader('Referrer-Policy', carriesSecret(req.originalUrl) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // HSTS only means something over TLS (req.secure honours X-Forwarded-Proto behind a trusted proxy).
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** `noindex` for private and DVF-based pages (a condition of DVF reuse) and for the API. */
export function isNoindexPath(pathname: string): boolean {
  return pathname === '/pro' || pathname.startsWith('/pro/') || pathname.startsWith('/pdf/') || pathname.startsWith('/api/');
}

export const ROBOTS_TXT = ['User-agent: *', 'Disallow: /pro', 'Disallow: /pdf', 'Disallow: /api/', 'Disallow: /abo/', ''].join('\n');
