// What the transport (./transport.ts) is given to hold a session (design §1): the customer's session
// in storage (lib/auth/customer-session.ts) or the console's staff session in memory
// (lib/console/staff-session.ts). The transport knows no token store, no refresh call and no lock.
import type { CallAccess } from '@datafeeds/domain/calls';

export interface SessionSource {
  /** Whether a call of this access is the session's: it carries the token, and its 401 refuses it. */
  owns(access: CallAccess): boolean;
  /**
   * Whether a call the session does not own carries its token anyway, for the server to tell who asks
   * (the customer's public calls: GetInvitation answers a signed-in person differently); its 401 still
   * leaves the session alone.
   */
  lends(access: CallAccess): boolean;
  /** The access token to send (renewed first if the source renews one about to expire), or null. */
  token(): Promise<string | null>;
  /**
   * After the server refused `refused` (401): the session's token now, renewed if the source can renew
   * it; `refused` again or null when it cannot. May throw when the renewal could not be asked for.
   */
  refresh(refused: string): Promise<string | null>;
  /** Forgets the session: a 401 the refresh could not cure. */
  end(): void;
}
