/** The alert choice of a saved search: the three frequencies, the note when no e-mail is sent, no choice for tools without alerts. */
import { ALERTS_NOT_CONFIGURED } from '@immoloupe/shared/alerts/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { AlertChoice } from './alert-choice';

beforeAll(installMantineDomShims);
afterEach(cleanup);

function renderChoice(props: Partial<ComponentProps<typeof AlertChoice>>) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <AlertChoice value="off" onChange={onChange} status={{ mailConfigured: true, message: null }} {...props} />
    </MantineProvider>,
  );
  return onChange;
}

describe('AlertChoice', () => {
  it('offers the three frequencies and sends the one picked', async () => {
    const onChange = renderChoice({});
    const input = screen.getByLabelText('Alerte par e-mail', { selector: 'input' }) as HTMLInputElement;
    expect(input.value).toBe('Pas d’alerte');
    fireEvent.click(input);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Pas d’alerte', 'Chaque jour', 'Chaque semaine']);
    fireEvent.click(screen.getByRole('option', { name: 'Chaque jour', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('daily');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says in French that no e-mail is sent when the site has no SMTP', () => {
    renderChoice({ status: { mailConfigured: false, message: ALERTS_NOT_CONFIGURED }, value: 'weekly' });
    expect((screen.getByLabelText('Alerte par e-mail', { selector: 'input' }) as HTMLInputElement).value).toBe('Chaque semaine');
    expect(screen.getByRole('note').textContent).toBe(ALERTS_NOT_CONFIGURED);
  });

  it('in a table row: named after its search, the note left to the table', () => {
    renderChoice({ compact: true, searchName: 'Maisons à Bondy', status: { mailConfigured: false, message: ALERTS_NOT_CONFIGURED } });
    expect(screen.getByLabelText('Alerte de «\u00a0Maisons à Bondy\u00a0»', { selector: 'input', normalizer: (t) => t })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
