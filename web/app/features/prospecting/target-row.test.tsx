/** A target's status and next action say when they are saved, as its notes do; a syndic's missing address is said. */
import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider, Table } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { TargetRow } from './target-row';
import { CARNOT_TARGET } from './test-target';

beforeAll(installMantineDomShims);
afterEach(cleanup);

function show(target: ProspectingTarget, onUpdate: (id: string, patch: object) => Promise<boolean>) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <Table>
          <Table.Tbody>
            <TargetRow target={target} today="2026-11-27" onUpdate={onUpdate} onDelete={() => undefined} />
          </Table.Tbody>
        </Table>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('TargetRow', () => {
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
});
