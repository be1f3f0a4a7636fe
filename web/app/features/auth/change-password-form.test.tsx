/** Changing the password: a wrong current password is said once, under its field; other errors above the form. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ChangePasswordForm } from './change-password-form';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function submitWith(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );
  render(
    <MantineProvider>
      <ChangePasswordForm />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Mot de passe actuel'), { target: { value: 'pas-le-bon' } });
  fireEvent.change(screen.getByLabelText('Nouveau mot de passe'), { target: { value: 'Un-nouveau-mot-de-passe-2026!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

describe('ChangePasswordForm', () => {
  it('says a wrong current password once, under the field', async () => {
    await submitWith(
      json(
        { message: 'Le mot de passe actuel est incorrect.', issues: [{ path: 'currentPassword', message: 'Mot de passe incorrect.' }] },
        400,
      ),
    );
    expect(await screen.findByText('Mot de passe incorrect.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Changer de mot de passe' });
    expect(form.textContent?.match(/incorrect/g)).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    // Under the current password's field, not the new one's.
    const described = screen.getByLabelText('Mot de passe actuel').getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Mot de passe incorrect.');
  });

  it('says an error about no field above the form', async () => {
    await submitWith(json({ message: 'Trop d’essais. Réessayez dans quinze minutes.' }, 429));
    expect((await screen.findByRole('status')).textContent).toBe('Trop d’essais. Réessayez dans quinze minutes.');
  });
});
