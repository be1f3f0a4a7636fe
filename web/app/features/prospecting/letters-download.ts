/** Downloads the letters' PDF the server prints; returns the server's French message when it refuses. */
import { csrfToken } from '~/lib/api';

export async function downloadPdf(url: string, fileName: string): Promise<string | null> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { 'x-csrf-token': csrfToken() } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? `Erreur ${res.status}`;
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return null;
}
