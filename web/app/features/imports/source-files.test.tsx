/** The « Données » card of /pro lists every file imported of a source, with its date and rows, not the last one alone. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { SourceFiles } from './source-files';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const file = (fileName: string, importedAt: string, rows: number, vintage: string | null = null) => ({
  fileName,
  importedAt,
  rows,
  vintage,
});

describe('SourceFiles', () => {
  it('lists each file of the source with its date, its rows and its period, newest first', () => {
    const files = [
      file('etalab-geo-dvf_2024_93.csv', '2026-11-21T10:00:00.000Z', 41_250, '2024-01-02 – 2024-12-31'),
      file('etalab-geo-dvf_2023_93.csv', '2026-11-20T10:00:00.000Z', 39_870),
    ];
    render(
      <MantineProvider>
        <SourceFiles
          source={{ source: 'dvf', importedAt: files[0]?.importedAt ?? '', vintage: null, files, fileCount: 2 }}
          label="Ventes DVF"
        />
      </MantineProvider>,
    );
    const card = screen.getByTestId('source-files');
    expect(card.textContent).toContain('Ventes DVF · 2\u00a0fichiers importés, le dernier le 21/11/2026');
    const items = within(screen.getByRole('list', { name: 'Fichiers importés\u00a0: Ventes DVF' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'etalab-geo-dvf_2024_93.csv · 21/11/2026 · 41\u202f250\u00a0lignes (données du 02/01/2024 au 31/12/2024)',
      'etalab-geo-dvf_2023_93.csv · 20/11/2026 · 39\u202f870\u00a0lignes',
    ]);
    expect(card.textContent).not.toContain('autre');
  });

  it('counts the files beyond those listed', () => {
    render(
      <MantineProvider>
        <SourceFiles
          source={{
            source: 'cadastre',
            importedAt: '2026-11-21T10:00:00.000Z',
            vintage: null,
            files: [file('cadastre-93010-parcelles.json', '2026-11-21T10:00:00.000Z', 1)],
            fileCount: 15,
          }}
          label="Cadastre"
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('source-files').textContent).toContain('15\u00a0fichiers importés');
    expect(screen.getByTestId('source-files').textContent).toContain('et 14\u00a0autres fichiers importés plus tôt');
  });
});
