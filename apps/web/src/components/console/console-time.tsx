// A moment in a console table, as formatDateTime words it ("Nov 26, 2026, 5:37 AM"), in a <time>
// element. The line may break only between the day and the hour, never inside either, so that a narrow
// column shows "Nov 26, 2026," over "5:37 AM" rather than leaving "AM" on a line of its own.
import { formatDateTime, formatDay } from '@datafeeds/domain';
import Box from '@mui/material/Box';

const WHOLE = { whiteSpace: 'nowrap' } as const;

export function ConsoleTime({ value }: { value: string }) {
  const text = formatDateTime(value);
  const day = formatDay(value);
  // Both words come from the same locale; should they ever not start alike, the text breaks anywhere.
  const split = text.startsWith(day) ? /^(\W*)\s+(.+)$/.exec(text.slice(day.length)) : null;
  return (
    <time dateTime={value}>
      {split ? (
        <>
          <Box component="span" sx={WHOLE}>
            {day}
            {split[1]}
          </Box>{' '}
          <Box component="span" sx={WHOLE}>
            {split[2]}
          </Box>
        </>
      ) : (
        text
      )}
    </time>
  );
}
