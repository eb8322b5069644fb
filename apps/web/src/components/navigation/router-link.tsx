import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLinkBase } from 'react-router';

/** An in-app link with the theme's link style. */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLinkBase} to={to} fontWeight={600}>
      {children}
    </Link>
  );
}
