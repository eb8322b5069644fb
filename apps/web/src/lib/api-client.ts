// The customer app's way to the API (design §1 "One contract per call"): the one transport with the
// customer's session (auth/customer-session.ts). A 401 ends that session unless a renewed token cures it;
// a public call's 401 (sign-in) means wrong credentials and ends nothing.
import { customerSession } from './auth/customer-session';
import { createTransport } from './transport/transport';

export const call = createTransport(customerSession);
