// The button that opens the New Token Request screen, recording where it was clicked from.
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Add from '@/components/icons/add';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';

interface NewTokenButtonProps {
  /** Where the button is, for analytics: 'dashboard', 'empty state', 'token details'. */
  from: string;
  children: ReactNode;
}

export function NewTokenButton({ from, children }: NewTokenButtonProps) {
  return (
    <Button
      component={Link}
      to={paths.createClient}
      onClick={() => track(EVENTS.clickedNewApiToken, { from })}
      variant="contained"
      startIcon={<Add />}
    >
      {children}
    </Button>
  );
}
