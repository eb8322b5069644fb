import { useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppConfigContext } from './app-config';

/** The deployment's config (./app-config), from the request AppProvider made for the visit. */
export function useAppConfig() {
  const loadConfig = useContext(AppConfigContext);
  return useQuery({ queryKey: ['app-config'], queryFn: loadConfig, staleTime: Infinity });
}
