/** Paths that get no layout at all (/brevo/*). */
import { Outlet } from 'react-router';

export default function NoLayoutRoute() {
  return (
    <main id="contenu">
      <Outlet />
    </main>
  );
}
