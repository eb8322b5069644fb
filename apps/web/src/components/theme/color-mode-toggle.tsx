// The display-mode switch. Its hint is the browser's own tooltip (title): MUI's Tooltip brings Popper
// with it, over 11 kB on the sign-in page that every visitor loads first, for one hover text.
import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@/components/icons/dark-mode-outlined';
import LightModeOutlined from '@/components/icons/light-mode-outlined';
import { useColorMode } from '@/lib/theme/color-mode';

export function ColorModeToggle() {
  const { mode, toggleColorMode } = useColorMode();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <IconButton onClick={toggleColorMode} aria-label={label} title={label} color="inherit">
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
