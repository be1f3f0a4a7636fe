/** Layout route of the public pages: the router loads it with the page, before navigating. */
import { Outlet } from 'react-router';
import { PasproLayout } from './paspro';

export default function PasproRoute() {
  return (
    <PasproLayout>
      <Outlet />
    </PasproLayout>
  );
}
