/** The English names Mantine gives its own elements, in French: the password eye (theme) and the autosize measure. */
import { MantineProvider, PasswordInput } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { theme } from '~/theme';
import { frenchHiddenLabels, MEASURE_FR } from './french-hidden-labels';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('French names of Mantine’s own elements', () => {
  it('names the eye of a password field « Afficher le mot de passe »', () => {
    render(
      <MantineProvider theme={theme}>
        <PasswordInput label="Mot de passe" />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { hidden: true, name: 'Afficher le mot de passe' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { hidden: true, name: 'Toggle password visibility' })).toBeNull();
  });

  it('renames the autosize measure when Mantine appends it to the body, and stops when told', async () => {
    const stop = frenchHiddenLabels();
    const measure = document.createElement('textarea');
    measure.setAttribute('aria-hidden', 'true');
    measure.setAttribute('aria-label', 'autosize measurement');
    document.body.appendChild(measure);
    await waitFor(() => expect(measure.getAttribute('aria-label')).toBe(MEASURE_FR));
    stop();
    const later = document.createElement('textarea');
    later.setAttribute('aria-label', 'autosize measurement');
    document.body.appendChild(later);
    await new Promise((r) => setTimeout(r, 20));
    expect(later.getAttribute('aria-label')).toBe('autosize measurement');
    measure.remove();
    later.remove();
  });
});
