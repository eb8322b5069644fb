// The customer's session as the transport holds it (design §1, §2 "Sessions"): the token kept in storage
// (./session-store.ts), renewed before it expires under a Web Lock shared by the tabs (./token-refresh.ts).
// Every call carries it, a public one too (the server may answer a signed-in person differently, as
// GetInvitation does). A 401 to a call that is not public logs out (spec §7), unless the token refused
// has already been renewed — by another tab, or through the refresh cookie when it was due — then the
// call is tried once more with the new one.
import type { SessionSource } from '../transport/session-source';
import { endSession, getToken } from './session-store';
import { refreshAccessToken, refreshIfExpiringSoon } from './token-refresh';

export const customerSession: SessionSource = {
  owns: (access) => access.kind !== 'public',
  lends: () => true,
  async token() {
    await refreshIfExpiringSoon();
    return getToken();
  },
  refresh: refreshAccessToken,
  end: endSession,
};
