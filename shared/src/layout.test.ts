import { describe, expect, it } from 'vitest';
import { resolveLayout, shellLayout } from './layout.js';

describe('root shell rule (SEED-SPEC §2)', () => {
  it.each([
    ['/pro', 'pro'],
    ['/pro/transactions', 'pro'],
    ['/professionnels', 'paspro'],
    ['/pdf/printanalysemarche', 'pdf'],
    ['/pdf', 'paspro'],
    ['/brevo/webhook', 'none'],
    ['/api/version', 'none'],
    ['/', 'paspro'],
    ['/abo/connexion', 'paspro'],
  ])('%s → %s', (path, layout) => {
    expect(shellLayout(path)).toBe(layout);
  });
});

describe('page-level rule', () => {
  it('gives pro to /pro, /abo/* and /contact when the user has a client record, paspro otherwise', () => {
    expect(resolveLayout('/contact', { routeLayout: 'by-client', hasClient: true })).toBe('pro');
    expect(resolveLayout('/contact', { routeLayout: 'by-client', hasClient: false })).toBe('paspro');
    expect(resolveLayout('/pro', { routeLayout: 'by-client', hasClient: false })).toBe('paspro');
    expect(resolveLayout('/pro/transactions', { hasClient: false })).toBe('pro');
  });
});
