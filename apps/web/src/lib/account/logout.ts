// Log Out: tell the server to revoke the session — by the access token and by the refresh cookie, which
// the browser sends only under /refresh, so an expired access token still ends it — then forget it here
// whatever the server said, so a network failure never keeps a user signed in on a shared computer.
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client';
import { endSession } from '../auth/session-store';
import { auth } from '@datafeeds/domain/calls';

async function logout(): Promise<void> {
  // Either may fail; the local session ends below in any case.
  await Promise.allSettled([call(auth.logout), call(auth.refreshLogout)]);
  endSession();
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
