/** The targets of a prospecting list: status, next action and notes edited in place, links to their sheet; cards on a phone. */
import type { ProspectingTarget, UpdateTargetBody } from '@immoloupe/shared/prospecting/contracts';
import { ResponsiveTable } from '~/components/responsive-table';
import { targetColumns } from './target-cells';

export function TargetsTable({
  targets,
  onUpdate,
  onDelete,
}: {
  targets: ProspectingTarget[];
  onUpdate: (id: string, patch: UpdateTargetBody) => Promise<boolean>;
  onDelete: (t: ProspectingTarget) => void;
}) {
  // The agent's own calendar: « late » is against today, not the newest data.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
  return (
    <ResponsiveTable
      rows={targets}
      rowKey={(t) => t.id}
      columns={targetColumns({ today, onUpdate, onDelete })}
      label="Cibles de la liste"
      minWidth={960}
      rowTestId="prospecting-target"
      tableProps={{ highlightOnHover: false, withTableBorder: true, verticalSpacing: 'xs', fz: 'sm' }}
    />
  );
}
