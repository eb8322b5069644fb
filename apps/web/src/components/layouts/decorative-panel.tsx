// The decorative panel of spec §2: a rotated white rounded card with the logo, a circle and sport icons,
// on a teal field. Purely decorative, so it is hidden from assistive technology. Below md it shrinks to
// a banner above the form.
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import SportsBaseball from '@/components/icons/sports-baseball';
import SportsBasketball from '@/components/icons/sports-basketball';
import SportsFootball from '@/components/icons/sports-football';
import SportsHockey from '@/components/icons/sports-hockey';
import SportsSoccer from '@/components/icons/sports-soccer';
import { DataFeedsMark } from '../brand/data-feeds-logo';

const ICONS = [
  { Icon: SportsFootball, top: '14%', left: '12%' },
  { Icon: SportsBasketball, top: '18%', left: '72%' },
  { Icon: SportsBaseball, top: '64%', left: '10%' },
  { Icon: SportsHockey, top: '70%', left: '70%' },
  { Icon: SportsSoccer, top: '42%', left: '80%' },
];

export function DecorativePanel() {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        height: { xs: 140, md: '100%' },
        minHeight: { md: 480 },
        display: 'grid',
        placeItems: 'center',
        background: `linear-gradient(150deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
        ...theme.applyStyles('dark', {
          background: `linear-gradient(150deg, #0A2A33 0%, #0E4452 55%, #143B5C 100%)`,
        }),
      })}
    >
      <Box
        sx={{
          position: 'absolute',
          width: { xs: 220, md: 520 },
          height: { xs: 220, md: 520 },
          borderRadius: '50%',
          border: '2px solid',
          borderColor: alpha('#FFFFFF', 0.18),
          right: { xs: -60, md: -140 },
          bottom: { xs: -120, md: -180 },
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          width: { xs: 90, md: 200 },
          height: { xs: 90, md: 200 },
          borderRadius: '50%',
          bgcolor: alpha('#FFFFFF', 0.08),
          left: { xs: -30, md: -50 },
          top: { xs: -30, md: 40 },
        }}
      />
      <Box
        sx={{
          position: 'relative',
          width: { xs: 150, md: 340 },
          height: { xs: 96, md: 230 },
          bgcolor: '#FFFFFF',
          borderRadius: { xs: 3, md: 6 },
          transform: 'rotate(-8deg)',
          boxShadow: '0 24px 48px rgba(0, 0, 0, 0.25)',
          display: 'grid',
          placeItems: 'center',
          color: '#0E6F86',
        }}
      >
        <Box
          sx={{
            position: 'absolute',
            width: { xs: 62, md: 140 },
            height: { xs: 62, md: 140 },
            borderRadius: '50%',
            bgcolor: alpha('#0E6F86', 0.1),
          }}
        />
        <Box sx={{ position: 'relative', display: { xs: 'none', md: 'block' } }}>
          <DataFeedsMark size={88} />
        </Box>
        <Box sx={{ position: 'relative', display: { xs: 'block', md: 'none' } }}>
          <DataFeedsMark size={40} />
        </Box>
        {ICONS.map(({ Icon, top, left }) => (
          <Icon
            key={`${top}-${left}`}
            sx={{
              position: 'absolute',
              top,
              left,
              fontSize: { xs: 16, md: 34 },
              color: '#1F6FAE',
              opacity: 0.85,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
