// Response schemas shared by the routes.
import { errorResponseSchema } from '@datafeeds/domain';

/** The error answers a route can give, each with the one error shape. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}

export const bearerSecurity = [{ bearer: [] }];
