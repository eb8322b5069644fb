// The console's way to the API (design §11): the web's one transport (lib/transport) with the staff
// session, so a console call has the customer's timeouts, Retry-After and failure classes.
import { createTransport } from '../transport/transport';
import { staffSession } from './staff-session';

export const consoleCall = createTransport(staffSession);
