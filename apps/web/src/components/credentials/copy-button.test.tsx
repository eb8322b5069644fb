import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_FEEDBACK_MS, CopyButton } from './copy-button';

function installClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('CopyButton', () => {
  it('copies the value and says so, then goes back to "Copy" after 2 seconds', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    installClipboard(writeText);
    const onCopyResult = vi.fn();
    render(<CopyButton value="client-123" label="Client ID" onCopyResult={onCopyResult} />);
    const button = screen.getByRole('button', { name: 'Copy Client ID' });
    expect(button).toHaveAccessibleDescription('Copy');

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('client-123');
    expect(onCopyResult).toHaveBeenCalledWith(true);
    expect(screen.getByRole('status')).toHaveTextContent('Client ID copied');
    expect(button).toHaveAccessibleDescription('Copied');

    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Client ID copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(button).toHaveAccessibleDescription('Copy');
  });

  it('asks the user to copy by hand when the browser allows no copying', async () => {
    installClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    const onCopyResult = vi.fn();
    render(<CopyButton value="client-123" label="Client Secret" onCopyResult={onCopyResult} />);
    const button = screen.getByRole('button', { name: 'Copy Client Secret' });
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Could not copy the Client Secret');
    expect(button).toHaveAccessibleDescription('Copy failed: select the text and copy it manually');
    expect(onCopyResult).toHaveBeenCalledWith(false);
  });
});
