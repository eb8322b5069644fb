// The first stop of the keyboard on a page with navigation: hidden above the page until it has the focus,
// it moves the focus to the page itself, past every navigation entry (WCAG 2.4.1 "Bypass Blocks").
import Link from '@mui/material/Link';

export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Link
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Link>
  );
}
