/**
 * « Risques connus » of the printed value opinion: the commune's risks, the sites within 500 m with
 * their distance, a file never imported said so; the PDF renderer's wait marker set once answered.
 */
import type { Risks } from '@immoloupe/shared/risks/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { PrintedRisks } from './print-risks';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RISKS: Risks = {
  insee: '93010',
  radiusM: 500,
  loaded: { gaspar: true, icpe: false, basias: true },
  risks: [
    { code: '11', label: 'Inondation', parent: null },
    { code: '114', label: 'Par ruissellement et coulée de boue', parent: '11' },
    { code: '24', label: 'Transport de marchandises dangereuses', parent: null },
  ],
  icpe: [],
  icpeUnplaced: 0,
  basias: [
    {
      id: 'IDF9302157',
      names: 'DYNAMETAL',
      address: 'Rue de Varsovie',
      activityCodes: null,
      occupation: 'Activité terminée',
      distanceM: 1234,
    },
  ],
};

describe('PrintedRisks', () => {
  it('prints the risks and the BASIAS sites with their distance, says ICPE was not imported', async () => {
    const fetch = vi.fn(async (_url: string) => json(RISKS));
    vi.stubGlobal('fetch', fetch);
    render(
      <MantineProvider>
        <PrintedRisks lat={48.9} lon={2.48} insee="93010" />
      </MantineProvider>,
    );
    expect(await screen.findByText('Inondation (Par ruissellement et coulée de boue)')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/risks?lat=48.9&lon=2.48&insee=93010');
    const text = document.body.textContent ?? '';
    expect(text).toContain('Risques connus');
    expect(text).toContain('Transport de marchandises dangereuses');
    expect(text).toContain('Installations classées (ICPE)\u00a0: fichier non importé pour cette commune.');
    expect(text).toContain('Anciens sites industriels (BASIAS) à moins de 500\u00a0m\u00a0: 1');
    expect(text).toContain('1\u202f234\u00a0m');
    expect(text).toContain('DYNAMETAL — Activité terminée — Rue de Varsovie');
    await waitFor(() => expect(document.querySelector('[data-chart="risques"]')?.getAttribute('data-chart-ready')).toBe('true'));
  });
});
