import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLinkBase } from 'react-router';

interface RouterLinkProps {
  to: string;
  children: ReactNode;
  onClick?: () => void;
}

/** An in-app link with the theme's link style. */
export function RouterLink({ to, children, onClick }: RouterLinkProps) {
  return (
    <Link component={RouterLinkBase} to={to} fontWeight={600} onClick={onClick}>
      {children}
    </Link>
  );
}
