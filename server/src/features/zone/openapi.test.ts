/** The DPE and co-ownership searches are described in the public OpenAPI document, with their filters. */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../openapi.js';

describe('OpenAPI of the prospecting searches', () => {
  it('lists /dpe and /copros with the zone and their filters', () => {
    const doc = openApiDocument('https://exemple.fr') as unknown as {
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    };
    const names = (path: string) => doc.paths[path]?.get.parameters.map((p) => p.name) ?? [];
    expect(names('/dpe')).toEqual(
      expect.arrayContaining(['insee', 'postcode', 'polygon', 'zone', 'classes', 'passoires', 'page', 'pageSize']),
    );
    expect(names('/copros')).toEqual(expect.arrayContaining(['insee', 'endsWithin', 'syndicTypes', 'syndic', 'dpeFG']));
    expect(names('/dpe/clusters')).toEqual(expect.arrayContaining(['bbox', 'zoom']));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/dpe/{numero}', '/copros/{numero}', '/dpe.csv', '/copros.csv']));
  });
});
