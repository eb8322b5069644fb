// Settings the server hands over at run time (the sidebar's external links, the analytics tools), so one
// build serves every deployment. They do not change during a visit: AppProvider asks once, and the
// screens read that answer (./use-app-config).
import { createContext } from 'react';
import type { AppConfig } from '@datafeeds/domain';
import { system } from '@datafeeds/domain/calls';
import { call } from './api-client';

/** The visit's config, requested at its first use and then shared; a failed request is asked again. */
export function appConfigLoader(): () => Promise<AppConfig> {
  let pending: Promise<AppConfig> | undefined;
  return () =>
    (pending ??= call(system.config).catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

export const AppConfigContext = createContext<() => Promise<AppConfig>>(appConfigLoader());
