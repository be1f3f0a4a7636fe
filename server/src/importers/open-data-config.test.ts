import { DEFAULT_BOUNDS } from '@immoloupe/shared/market/mutation.logic';
import { describe, expect, it } from 'vitest';
import { DEFAULT_URLS, loadOpenDataConfig } from './open-data-config.js';

describe('open-data configuration', () => {
  it('defaults to the official URLs and the METHODOLOGY bounds, blank variables included', () => {
    const c = loadOpenDataConfig({ DATA_URL_DVF: '', GEOCODER_URL: '', DVF_STATS_BOUNDS: '' });
    expect(c).toEqual({ urls: { ...DEFAULT_URLS, personnesMorales: null }, geocoderUrl: null, bounds: DEFAULT_BOUNDS });
    const bounds = { ...DEFAULT_BOUNDS, pricePerM2: { min: 500, max: 20_000 } };
    expect(
      loadOpenDataConfig({ DVF_STATS_BOUNDS: JSON.stringify(bounds), GEOCODER_URL: 'https://data.geopf.fr/geocodage/' }),
    ).toMatchObject({
      bounds,
      geocoderUrl: 'https://data.geopf.fr/geocodage',
    });
  });

  it('lists every bad variable in French', () => {
    expect(() =>
      loadOpenDataConfig({ DATA_URL_DVF: 'https://exemple.fr/dvf.csv', DVF_STATS_BOUNDS: '{', GEOCODER_URL: 'pas une url' }),
    ).toThrow(
      /DATA_URL_DVF\u00a0: doit contenir \{dep\} et \{year\}[\s\S]*GEOCODER_URL\u00a0: doit être une URL[\s\S]*DVF_STATS_BOUNDS\u00a0: JSON invalide/,
    );
  });
});
