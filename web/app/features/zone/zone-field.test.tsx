/**
 * The zone field of the DPE and co-ownership searches: « Communes » picks communes by name and
 * keeps their INSEE codes in the zone choice's text, comma-joined (the query the searches send is
 * unchanged); the communes of a link show their names; postcodes stay typed, each kind its own text.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { type ZoneChoice, zoneChoiceParams } from './zone.logic';
import { ZoneField } from './zone-field';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMMUNES: Record<string, { insee: string; nom: string; codesPostaux: string[] }[]> = {
  '93010': [{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }],
  '64260': [{ insee: '64260', nom: 'Hendaye', codesPostaux: ['64700'] }],
  Hendaye: [{ insee: '64260', nom: 'Hendaye', codesPostaux: ['64700'] }],
};

function Form({ initial, seen }: { initial: ZoneChoice; seen: ZoneChoice[] }) {
  const [zone, setZone] = useState(initial);
  return (
    <ZoneField
      value={zone}
      onChange={(z) => {
        seen.push(z);
        setZone(z);
      }}
    />
  );
}

describe('ZoneField', () => {
  it('picks communes by name into the INSEE codes of the query, and keeps postcodes apart', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(COMMUNES[new URL(url, 'http://localhost').searchParams.get('q') ?? ''] ?? [])),
    );
    const seen: ZoneChoice[] = [];
    render(
      <MantineProvider>
        <Form initial={{ mode: 'insee', text: '93010' }} seen={seen} />
      </MantineProvider>,
    );
    // A commune of the page's link, named once the search has answered for its code.
    await screen.findByText('Bondy (93140)');
    const input = screen.getByRole('combobox', { name: 'Ajouter une commune' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Hendaye' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Hendaye (64700)', hidden: true }));
    const picked = seen.at(-1) as ZoneChoice;
    expect(picked).toEqual({ mode: 'insee', text: '93010,64260' });
    expect(zoneChoiceParams(picked)).toEqual({ insee: '93010,64260' });

    // Postcodes are typed in their own text; back to « Communes », the picks are still there.
    fireEvent.click(screen.getByText('Codes postaux'));
    const postcodes = screen.getByRole('textbox', { name: 'Codes postaux' }) as HTMLInputElement;
    expect(postcodes.value).toBe('');
    fireEvent.change(postcodes, { target: { value: '69007' } });
    expect(zoneChoiceParams(seen.at(-1) as ZoneChoice)).toEqual({ postcode: '69007' });
    fireEvent.click(screen.getByText('Communes'));
    expect(seen.at(-1)).toEqual({ mode: 'insee', text: '93010,64260' });
    expect(await screen.findByText('Hendaye (64700)')).toBeTruthy();
  });
});
