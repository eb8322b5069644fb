// Whether a staff session is there (design §11 "Sessions"): a token in memory, or one the console refresh
// cookie renews once on arrival. Without either, the console's screens send to its sign-in.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getStaffToken, onStaffTokenChange, refreshStaffSession } from '@/lib/console/staff-session';

export function useStaffSession(): 'checking' | 'signed-in' | 'signed-out' {
  const token = useSyncExternalStore(onStaffTokenChange, getStaffToken);
  const [tried, setTried] = useState(token !== null);
  useEffect(() => {
    if (tried) return;
    void refreshStaffSession()
      .catch(() => false)
      .finally(() => setTried(true));
  }, [tried]);
  if (token !== null) return 'signed-in';
  return tried ? 'signed-out' : 'checking';
}
