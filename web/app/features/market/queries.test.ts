// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analysisQuery } from './market-analysis';
import { filterQuery } from './transactions-tool';

describe('page URL → API query', () => {
  it('keeps the analysis parameters and needs a zone; the period may be left to the server', () => {
    expect(analysisQuery(new URLSearchParams('insee=93010&from=2022-01-01&to=2022-12-31&zone=communes&adresse=x'))).toBe(
      'insee=93010&from=2022-01-01&to=2022-12-31',
    );
    expect(analysisQuery(new URLSearchParams('from=2022-01-01&to=2022-12-31'))).toBeNull();
    expect(analysisQuery(new URLSearchParams('lat=48.9&lon=2.48&from=2022-01-01&to=2022-12-31'))).toBeNull();
    expect(analysisQuery(new URLSearchParams('insee=93010&zone=communes'))).toBe('insee=93010');
    // A radius is named by its address.
    expect(analysisQuery(new URLSearchParams('lat=48.9&lon=2.48&radius=500&adresse=139 Avenue Carnot&zone=rayon'))).toBe(
      'lat=48.9&lon=2.48&radius=500&adresse=139+Avenue+Carnot',
    );
  });

  it('keeps the transaction filters, not the page state, and needs a place', () => {
    expect(filterQuery(new URLSearchParams('lieu=parcelle&parcelle=93010000AS0167&carte=2.48,48.89,17&page=2&types=maison'))).toBe(
      'parcelle=93010000AS0167&types=maison',
    );
    expect(filterQuery(new URLSearchParams('types=maison'))).toBeNull();
    expect(filterQuery(new URLSearchParams('bbox=2.4,48.8,2.5,48.9'), { format: 'geojson' })).toBe(
      'bbox=2.4%2C48.8%2C2.5%2C48.9&format=geojson',
    );
  });
});
