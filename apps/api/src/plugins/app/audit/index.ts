// The audit module (design §8 "Audit log"): the writer every audited change records through, the reads
// of the log, and the customer's Activity over them.
import fp from 'fastify-plugin';
import { createActivityService, type ActivityService } from './activity.ts';
import { createAuditLog, type AuditLog } from './audit-log.ts';
import { createAuditRepository, type AuditRepository } from './audit-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auditLog: AuditLog;
    auditEvents: AuditRepository;
    activity: ActivityService;
  }
}

export default fp(
  async (app) => {
    const auditEvents = createAuditRepository(app.db);
    app.decorate('auditLog', createAuditLog(app.clock));
    app.decorate('auditEvents', auditEvents);
    app.decorate('activity', createActivityService({ audit: auditEvents }));
  },
  { name: 'audit', dependencies: ['database'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export {
  OPERATOR_CONTEXT,
  staffContext,
  type AuditContext,
  type AuditLog,
  type RequestOrigin,
  type Actor,
} from './audit-log.ts';
export { activityCsvRow, filterRange, toAuditEvent } from './activity.ts';
export type { AuditEventRow, AuditQuery, AuditRepository } from './audit-repository.ts';
export { originOf } from './request-origin.ts';
