// The allowance module (design §10 "Allowance leases"): the truth every node leases plan limits from,
// and what each verifier key was leased, which bounds the VALID counts its usage reports may write (the
// usage meter asks it through `app.keyAllowance`, so usage needs no import of this module).
import fp from 'fastify-plugin';
import { createAllowanceTruth, type AllowanceTruth } from './allowance-truth.ts';
import { forgetKeyLeasesBefore, takeReportedValid } from './key-allowance.ts';
import type { ReportedValid } from '../usage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    allowanceTruth: AllowanceTruth;
    keyAllowance: {
      /** How many of each reported VALID claim may count (key-allowance.ts). */
      takeReportedValid(claims: readonly ReportedValid[]): Promise<number[]>;
      /** Forgets what keys were leased of days before `before`'s (the usage retention sweep asks). */
      forgetBefore(before: Date, batchSize?: number): Promise<void>;
    };
  }
}

export default fp(
  async (app) => {
    app.decorate('allowanceTruth', createAllowanceTruth({ db: app.db }));
    app.decorate('keyAllowance', {
      takeReportedValid: (claims) => takeReportedValid(app.db, claims),
      forgetBefore: (before, batchSize) => forgetKeyLeasesBefore(app.db, before, batchSize),
    });
  },
  { name: 'allowance', dependencies: ['database'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export { LeaseCredentialGone, createPortalAllowance } from './portal-allowance.ts';
