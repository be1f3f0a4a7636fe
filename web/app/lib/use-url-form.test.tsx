/** `useUrlForm` in a browser router: the form follows Back and Forward, not the page's own writes. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlForm } from './use-url-form';

afterEach(cleanup);

/** A search page: one field, « Chercher » writes it to the URL, with a note the URL does not hold. */
function Search() {
  const [params, setParams] = useSearchParams();
  const { form, setForm, writing } = useUrlForm(params, (p) => ({ q: p.get('q') ?? '', note: '' }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const q = new URLSearchParams({ q: form.q });
        writing(q);
        setParams(q);
      }}
    >
      <input aria-label="Ville" value={form.q} onChange={(e) => setForm({ ...form, q: e.currentTarget.value })} />
      <input aria-label="Note" value={form.note} onChange={(e) => setForm({ ...form, note: e.currentTarget.value })} />
      <button type="submit">Chercher</button>
      <output>{params.get('q')}</output>
    </form>
  );
}

describe('useUrlForm', () => {
  it('shows the search of the entry Back and Forward go to, and keeps what the page wrote itself', async () => {
    window.history.replaceState(null, '', '/pro/recherche?q=Bondy');
    const router = createBrowserRouter([{ path: '/pro/recherche', Component: Search }]);
    render(<RouterProvider router={router} />);
    const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
    await waitFor(() => expect(field('Ville').value).toBe('Bondy'));

    fireEvent.change(field('Ville'), { target: { value: 'Hendaye' } });
    fireEvent.change(field('Note'), { target: { value: 'à revoir' } });
    fireEvent.click(screen.getByRole('button', { name: 'Chercher' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('Hendaye'));
    // The page's own write: the note, which the URL does not hold, is still there.
    expect(field('Note').value).toBe('à revoir');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(field('Ville').value).toBe('Bondy'));
    expect(field('Note').value).toBe('');

    await act(() => router.navigate(1));
    await waitFor(() => expect(field('Ville').value).toBe('Hendaye'));
  });
});
