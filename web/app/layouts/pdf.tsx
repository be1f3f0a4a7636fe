/** Print layout: A4 pages for the browser's print-to-PDF and the server-side PDF. */
import type { ReactNode } from 'react';

export function PdfLayout({ children }: { children: ReactNode }) {
  return (
    <main id="contenu" className="print-page">
      <style>
        {
          '@page { size: A4; margin: 14mm; } .print-page { max-width: 210mm; margin: 0 auto; padding: 8mm; } @media print { .print-page { padding: 0; } }'
        }
      </style>
      {children}
    </main>
  );
}
