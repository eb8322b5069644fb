// The company's audit trail for its members (design §8 "Audit log"): a page of events, or all of them
// as CSV. Every member of the company may read it; no other company's event is ever in it.
import { activityFilterSchema, activityPageSchema, getActivityQuerySchema } from '../audit.ts';
import { defineCall } from './define-call.ts';

export const getActivity = defineCall({
  method: 'GET',
  path: '/api/GetActivity',
  access: { kind: 'member' },
  operationId: 'GetActivity',
  tag: 'activity',
  summary: "The company's audit events, newest first, a page at a time; filter by kind and date",
  query: getActivityQuerySchema,
  responses: { 200: activityPageSchema },
  errors: [400, 401, 404, 429],
});

export const exportActivity = defineCall({
  method: 'GET',
  path: '/api/ExportActivity',
  access: { kind: 'member' },
  operationId: 'ExportActivity',
  tag: 'activity',
  summary: 'Every audit event of the company the filter matches, as a CSV file',
  query: activityFilterSchema,
  responses: {},
  errors: [400, 401, 404, 429],
  file: {
    mediaType: 'text/csv',
    description: 'The matching events, newest first, as CSV with a header row (an attachment).',
  },
});
