// Everything the screens rely on, composed once: theme and display mode, the deployment's config, and
// the session's side effects (token refresh timer; clearing the analytics identity when the
// session ends). Analytics starts with the tools the deployment's config switches on. The data cache is
// not here: it loads with the screens that use it (./query-layout), so the sign-in page goes without it.
// Snackbars are inside the router (./root-layout), which they follow.
import { useEffect, useState, type ReactNode } from 'react';
import { resetAnalytics, startAnalytics } from '@/lib/analytics/analytics';
import { AppConfigContext, appConfigLoader } from '@/lib/app-config';
import { onSessionEnd } from '@/lib/auth/session-store';
import { startTokenRefreshTimer } from '@/lib/auth/token-refresh';
import { AppThemeProvider } from '@/lib/theme/color-mode';

export function AppProvider({ children }: { children: ReactNode }) {
  const [loadConfig] = useState(appConfigLoader);

  useEffect(() => onSessionEnd(() => resetAnalytics()), []);
  useEffect(() => startTokenRefreshTimer(), []);
  useEffect(() => {
    // Without the config no tool is known to be wanted: the held events are dropped.
    loadConfig().then(
      (config) => startAnalytics(config.analytics),
      () => startAnalytics({}),
    );
  }, [loadConfig]);

  return (
    <AppThemeProvider>
      <AppConfigContext.Provider value={loadConfig}>{children}</AppConfigContext.Provider>
    </AppThemeProvider>
  );
}
