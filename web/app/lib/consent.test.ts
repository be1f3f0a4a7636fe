// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { consentAllowedOn, pixelTracksPath, TARTEAUCITRON_PARAMS } from './consent';

const config = {
  gaMeasurementId: 'G-X',
  metaPixelId: '1',
  metaPixelPaths: ['^/$', '^/clientscibles/'],
  mapStyleUrl: null,
  offer: { priceCents: 4900, interval: 'month' as const },
};

describe('consent rules', () => {
  it('never starts on /pdf pages', () => {
    expect(consentAllowedOn('/pdf/printanalysemarche')).toBe(false);
    expect(consentAllowedOn('/pro/transactions')).toBe(true);
    expect(consentAllowedOn('/')).toBe(true);
  });

  it('is a mandatory banner with accept-all and deny-all, high privacy, services waiting, privacy link /cgu', () => {
    expect(TARTEAUCITRON_PARAMS).toMatchObject({
      mandatory: true,
      AcceptAllCta: true,
      DenyAllCta: true,
      highPrivacy: true,
      serviceDefaultState: 'wait',
      privacyUrl: '/cgu',
      googleConsentMode: false,
    });
  });

  it('sends pixel page views only on the configured paths', () => {
    expect(pixelTracksPath(config, '/')).toBe(true);
    expect(pixelTracksPath(config, '/clientscibles/agents_mandataires')).toBe(true);
    expect(pixelTracksPath(config, '/cgu')).toBe(false);
    expect(pixelTracksPath({ ...config, metaPixelPaths: ['.*'] }, '/cgu')).toBe(true);
  });
});
