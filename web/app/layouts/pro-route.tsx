/** Layout route of the professional tools (/pro/*). */
import { Outlet } from 'react-router';
import { ProLayout } from './pro';

export default function ProRoute() {
  return (
    <ProLayout>
      <Outlet />
    </ProLayout>
  );
}
