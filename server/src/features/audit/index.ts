/** The audit feature's public surface: what an administrative action records in the journal. */
export { type AuditActor, auditActorOf, recordAudit } from './audit.js';
