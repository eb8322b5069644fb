// Whether a staff session is there (design §11 "Sessions"): a token in memory, or one the console refresh
// cookie renews once on arrival. Without either, the console's screens send to its sign-in. A renewal the
// server could not answer (unreachable, busy: 429, 503) says nothing about the session: it is
// 'unavailable', and `retry` asks again, instead of sending a signed-in member to the sign-in page.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getStaffToken, onStaffTokenChange, refreshStaffSession } from '@/lib/console/staff-session';

type Attempt = 'pending' | 'answered' | 'failed';

export function useStaffSession(): {
  state: 'checking' | 'signed-in' | 'signed-out' | 'unavailable';
  retry: () => void;
} {
  const token = useSyncExternalStore(onStaffTokenChange, getStaffToken);
  const [attempt, setAttempt] = useState<Attempt>(token !== null ? 'answered' : 'pending');
  useEffect(() => {
    if (attempt !== 'pending') return;
    void refreshStaffSession().then(
      () => setAttempt('answered'),
      () => setAttempt('failed'),
    );
  }, [attempt]);
  const retry = useCallback(() => setAttempt('pending'), []);
  if (token !== null) return { state: 'signed-in', retry };
  const state = attempt === 'pending' ? 'checking' : attempt === 'failed' ? 'unavailable' : 'signed-out';
  return { state, retry };
}
