/** The repair of text encoded twice lives in shared code: the listing readers use it too. */
export { repairDoubleUtf8 } from '@immoloupe/shared/text-repair.logic';
