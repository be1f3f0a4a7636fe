import { describe, expect, it } from 'vitest';
import { analysisUrlOf, parcelUrlOf, savedAddressUpdateSchema, tagsSchema, watchExplanation } from './contracts.js';

describe('saved addresses contract', () => {
  it('keeps each tag once whatever its case, trimmed, and refuses separators', () => {
    expect(tagsSchema.parse([' Vendeur ', 'vendeur', 'Été', 'ÉTÉ', 'Bondy'])).toEqual(['Vendeur', 'Été', 'Bondy']);
    expect(tagsSchema.safeParse(['a,b']).success).toBe(false);
    expect(tagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).error?.issues[0]?.message).toBe(
      'Au plus 20 étiquettes par adresse.',
    );
  });

  it('accepts a watch radius from 0 (the parcel alone) to 2 000 m, in whole metres', () => {
    expect(savedAddressUpdateSchema.parse({ watch: 'daily', watchRadiusM: 0 })).toEqual({ watch: 'daily', watchRadiusM: 0 });
    expect(savedAddressUpdateSchema.safeParse({ watchRadiusM: 2001 }).error?.issues[0]?.message).toBe(
      'Rayon de 2\u202f000\u00a0m au plus.',
    );
    expect(savedAddressUpdateSchema.safeParse({ watchRadiusM: 12.5 }).error?.issues[0]?.message).toBe('Rayon en mètres entiers.');
  });

  it('links back to the analysis (with the parcel) and to the parcel sheet when known', () => {
    const a = { address: '139 Avenue Carnot 93140 Bondy', lat: 48.895901, lon: 2.479688, idParcelle: '93010000AS0167', placedByBan: false };
    expect(analysisUrlOf(a)).toBe(
      '/pro/analyseadresse?adresse=139+Avenue+Carnot+93140+Bondy&lat=48.895901&lon=2.479688&parcelle=93010000AS0167',
    );
    expect(parcelUrlOf(a)).toBe('/pro/rechercheparcelle?parcelle=93010000AS0167');
    expect(parcelUrlOf({ idParcelle: null })).toBeNull();
    expect(analysisUrlOf({ ...a, idParcelle: null })).not.toContain('parcelle=');
  });

  it('tells the analysis that the BAN placed the point only when it did', () => {
    const a = { address: '139 Avenue Carnot 93140 Bondy', lat: 48.895901, lon: 2.479688, idParcelle: null };
    const position = (placedByBan: boolean) => new URL(analysisUrlOf({ ...a, placedByBan }), 'http://x').searchParams.get('position');
    expect(position(true)).toBe('ban');
    expect(position(false)).toBeNull();
  });

  it('opens the analysis on the saved address, not on the name the user gave it', () => {
    const a = {
      address: '18 Rue Edouard Vaillant 93140 Bondy',
      label: 'Immeuble Vaillant – M. et Mme Martin',
      lat: 48.9,
      lon: 2.48,
      idParcelle: null,
      placedByBan: true,
    };
    expect(new URL(analysisUrlOf(a), 'http://x').searchParams.get('adresse')).toBe('18 Rue Edouard Vaillant 93140 Bondy');
  });

  it('explains « Surveiller » in French, with a no-break space before the unit', () => {
    expect(watchExplanation(500)).toBe(
      'Une alerte par e-mail quand une nouvelle vente DVF ou un nouveau DPE apparaît sur la parcelle ou dans un rayon de 500\u00a0m.',
    );
    expect(watchExplanation(0)).toBe('Une alerte par e-mail quand une nouvelle vente DVF ou un nouveau DPE apparaît sur la parcelle.');
  });
});
