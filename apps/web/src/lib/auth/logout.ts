// Log Out: tell the server to revoke the session, then forget it here whatever the server said, so a
// network failure never keeps a user signed in on a shared computer.
import { API_PATHS } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { endSession } from './session-store';

export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>(API_PATHS.logout, { method: 'POST' });
  } catch {
    // The local session ends below in any case.
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
