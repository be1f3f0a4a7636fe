/**
 * A target's status and next action say when they are saved, as its notes do; a syndic's missing
 * address is said; on a phone each target is a card with its status first, editable there too.
 */
import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { TargetsTable } from './targets-table';
import { CARNOT_TARGET } from './test-target';

beforeEach(installMantineDomShims);
afterEach(cleanup);

function show(target: ProspectingTarget, onUpdate: (id: string, patch: object) => Promise<boolean>) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <TargetsTable targets={[target]} onUpdate={onUpdate} onDelete={() => undefined} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('TargetsTable', () => {
  it('says the status is saved, or that it is not', async () => {
    const onUpdate = vi.fn(async () => true);
    show(CARNOT_TARGET, onUpdate);
    expect(screen.queryByText('Statut enregistré')).toBeNull();
    fireEvent.change(screen.getByLabelText(`Statut de ${CARNOT_TARGET.label}`), { target: { value: 'contacte' } });
    expect(onUpdate).toHaveBeenCalledWith(CARNOT_TARGET.id, { status: 'contacte' });
    const saved = await screen.findByText('Statut enregistré');
    expect(saved.getAttribute('role')).toBe('status');
    cleanup();
    show(CARNOT_TARGET, async () => false);
    fireEvent.change(screen.getByLabelText(`Statut de ${CARNOT_TARGET.label}`), { target: { value: 'perdu' } });
    expect(await screen.findByText('Statut non enregistré')).toBeTruthy();
  });

  it('says the next action is saved', async () => {
    const onUpdate = vi.fn(async () => true);
    show(CARNOT_TARGET, onUpdate);
    const field = screen.getByLabelText(`Prochaine action pour ${CARNOT_TARGET.label}`);
    fireEvent.change(field, { target: { value: '01/12/2026' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Date enregistrée')).toBeTruthy();
    expect(onUpdate).toHaveBeenCalledWith(CARNOT_TARGET.id, { nextAction: '2026-12-01' });
  });

  it('names the syndic of a co-ownership and says its address is not in the register', () => {
    show({ ...CARNOT_TARGET, kind: 'copro', label: 'SDC COTE JARDIN', syndicName: 'ATM SARL' }, async () => true);
    const syndic = screen.getByTestId('syndic');
    expect(syndic.textContent).toContain('Syndic\u00a0: ATM SARL');
    expect(syndic.textContent).toContain('adresse du syndic absente du RNIC');
  });

  it('on a phone, shows each target as a card: its status first, saved from there too', async () => {
    installPhoneViewport();
    const onUpdate = vi.fn(async () => true);
    show(CARNOT_TARGET, onUpdate);
    expect(screen.queryByRole('table')).toBeNull();
    const card = await screen.findByTestId('prospecting-target');
    expect(card.tagName).toBe('LI');
    const status = screen.getByLabelText(`Statut de ${CARNOT_TARGET.label}`);
    const next = screen.getByLabelText(`Prochaine action pour ${CARNOT_TARGET.label}`);
    // The status comes before the next action and the address on the card.
    expect(status.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.textContent).toContain(CARNOT_TARGET.address);
    fireEvent.change(status, { target: { value: 'contacte' } });
    expect(onUpdate).toHaveBeenCalledWith(CARNOT_TARGET.id, { status: 'contacte' });
    expect(await screen.findByText('Statut enregistré')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Retirer ${CARNOT_TARGET.label} de la liste` })).toBeTruthy();
  });
});
