/** Layout route of the print pages (/pdf/*). */
import { Outlet } from 'react-router';
import { PdfLayout } from './pdf';

export default function PdfRoute() {
  return (
    <PdfLayout>
      <Outlet />
    </PdfLayout>
  );
}
