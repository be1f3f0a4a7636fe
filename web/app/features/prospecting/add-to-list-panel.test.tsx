/** The form both add-to-list buttons unfold: by role and French label, as the agent uses it. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api';
import { gate, installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AddToListPanel } from './add-to-list-panel';
import { COPROS, listsAnswer, PASSOIRES } from './test-bulk';
import { useAddToList } from './use-add-to-list';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ answer, submitDisabled }: { answer: () => Promise<string>; submitDisabled?: boolean }) {
  const panel = useAddToList(async () => ({ done: await answer(), list: PASSOIRES }));
  return (
    <AddToListPanel
      panel={panel}
      action="Ajouter ce DPE"
      formLabel="Ajouter ce DPE à une liste"
      heading={<p>DPE F — 69 Rue du Mont Saint Michel</p>}
      done={panel.done === null ? null : { text: panel.done, listId: PASSOIRES.id }}
      submitLabel="Ajouter ici"
      {...(submitDisabled === undefined ? {} : { submitDisabled })}
    />
  );
}

const renderPanel = (props: Parameters<typeof Harness>[0]) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <Harness {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('AddToListPanel', () => {
  it('unfolds under its button, says what the add did with a link to the list, and folds with « Fermer »', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(listsAnswer([PASSOIRES, COPROS]))),
    );
    const answers = [
      new ApiError(400, 'Données invalides.', [{ path: 'listId', message: 'Liste inconnue.' }]),
      'Ajoutée à «\u00a0Passoires Flers\u00a0».',
    ];
    renderPanel({
      answer: async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next ?? '';
      },
    });
    const action = screen.getByRole('button', { name: 'Ajouter ce DPE' });
    expect(action.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(action);
    expect(action.getAttribute('aria-expanded')).toBe('true');
    const form = await screen.findByRole('form', { name: 'Ajouter ce DPE à une liste' });
    expect(form.textContent).toContain('DPE F — 69 Rue du Mont Saint Michel');
    const submit = screen.getByRole('button', { name: 'Ajouter ici' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));

    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Liste inconnue.');
    fireEvent.click(submit);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Ajoutée à «\u00a0Passoires Flers\u00a0». Ouvrir la liste');
    expect(screen.getByRole('link', { name: 'Ouvrir la liste' }).getAttribute('href')).toBe(`/pro/prospection?liste=${PASSOIRES.id}`);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(action.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps its submit button off while the lists load, and when the caller has nothing to add', async () => {
    const lists = gate();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await lists.held;
        return json(listsAnswer([PASSOIRES]));
      }),
    );
    renderPanel({ answer: async () => '', submitDisabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce DPE' }));
    const submit = (await screen.findByRole('button', { name: 'Ajouter ici' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    lists.release();
    await waitFor(() =>
      expect((screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement).value).toBe('Passoires Flers (2)'),
    );
    expect(submit.disabled).toBe(true);
  });
});
