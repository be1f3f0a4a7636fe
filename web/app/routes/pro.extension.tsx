/** `/pro/extension`: the browser extension (install, pairing, supported portals). */
import { ExtensionPage } from '~/features/extension/extension-page';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.extension';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function ExtensionRoute() {
  return <ExtensionPage />;
}
