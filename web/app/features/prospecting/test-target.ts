/** One prospecting target, for the component tests of a list's targets and letters. */
import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';

export const CARNOT_TARGET: ProspectingTarget = {
  id: 't1',
  listId: 'l1',
  kind: 'address',
  ref: '93010_0420_00139',
  label: '139 Avenue Carnot 93140 Bondy',
  address: '139 Avenue Carnot 93140 Bondy',
  ownerName: null,
  postal: { complement: null, street: '139 Avenue Carnot', postcode: '93140', town: 'Bondy' },
  ownerSiren: null,
  office: null,
  syndicName: null,
  status: 'a_contacter',
  notes: '',
  nextAction: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};
