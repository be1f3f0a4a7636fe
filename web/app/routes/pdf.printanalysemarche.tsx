/** `/pdf/printanalysemarche?…`: the market report on A4 pages (print, or the server-side PDF). */
import { useSearchParams } from 'react-router';
import { PrintedMarketReport } from '~/features/market/print-market';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pdf.printanalysemarche';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function PrintMarketPage() {
  const [params] = useSearchParams();
  return <PrintedMarketReport params={params} />;
}
