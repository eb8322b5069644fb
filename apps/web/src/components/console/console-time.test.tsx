import { formatDateTime } from '@datafeeds/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTime } from './console-time';

describe('a moment in a console table', () => {
  it('reads as formatDateTime words it, and breaks only between the day and the hour', () => {
    const at = '2026-11-26T05:37:00.000Z';
    const { container } = render(<ConsoleTime value={at} />);
    const time = container.querySelector('time');
    expect(time).toHaveAttribute('dateTime', at);
    expect(time).toHaveTextContent(formatDateTime(at));
    const parts = [...(time?.querySelectorAll('span') ?? [])].map((part) => part.textContent);
    expect(parts).toHaveLength(2);
    expect(parts.join(' ')).toBe(formatDateTime(at));
    expect(screen.getByText(parts[1]!)).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
