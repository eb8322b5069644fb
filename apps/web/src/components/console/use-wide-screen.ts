// The console's one breakpoint for its layout: from MUI's `lg` (1200 px) up the navigation stays beside
// the page and the tables show every column; below it the navigation hides behind the menu button and
// the tables leave out (or merge) their less important columns, so that nothing scrolls sideways at
// 900 px. Read in script, not in CSS, so that a hidden column is not in the page at all (a screen reader
// reads the table the eye sees) and the tests, which have no media queries, see the whole table.
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export function useWideScreen(): boolean {
  const theme = useTheme();
  return !useMediaQuery(theme.breakpoints.down('lg'));
}
