/** `/pdf/printestimationavis?id=…`: the saved value opinion on A4 pages (print, or the server-side PDF). */
import { useSearchParams } from 'react-router';
import { PrintedEstimate } from '~/features/market/print-estimate';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pdf.printestimationavis';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function PrintEstimatePage() {
  const [params] = useSearchParams();
  return <PrintedEstimate id={params.get('id')} />;
}
