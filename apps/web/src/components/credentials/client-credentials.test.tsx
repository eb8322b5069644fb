import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ClientCredentials,
  SECRET_WARNING,
  SECRET_WARNING_TITLE,
  copyByHandMessage,
} from './client-credentials';

const CLIENT_ID = 'cli_4f9a1b2c3d4e5f60718293a4b5c6d7e8';
const CLIENT_SECRET = 'dfs_live_9Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jj0Ii9Hh8Gg7Ff6Ee5Dd4Cc3Bb2Aa1_c4e1';

function installClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ClientCredentials', () => {
  it('shows the client id and the secret in read-only fields, with the once-only warning', () => {
    render(<ClientCredentials clientId={CLIENT_ID} clientSecret={CLIENT_SECRET} />);
    const id = screen.getByRole('textbox', { name: 'Client ID' });
    const secret = screen.getByRole('textbox', { name: 'Client Secret' });
    expect(id).toHaveValue(CLIENT_ID);
    expect(secret).toHaveValue(CLIENT_SECRET);
    expect(id).toHaveAttribute('readonly');
    expect(secret).toHaveAttribute('readonly');
    expect(screen.getByRole('alert')).toHaveTextContent(SECRET_WARNING_TITLE);
    expect(screen.getByRole('alert')).toHaveTextContent(SECRET_WARNING);
    expect(SECRET_WARNING).toContain('cannot be seen again');
  });

  it('copies each value with its own button and reports a copied secret', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    installClipboard(writeText);
    const onSecretCopied = vi.fn();
    render(
      <ClientCredentials clientId={CLIENT_ID} clientSecret={CLIENT_SECRET} onSecretCopied={onSecretCopied} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Client ID' }));
    expect(writeText).toHaveBeenLastCalledWith(CLIENT_ID);
    expect(onSecretCopied).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Client Secret' }));
    expect(writeText).toHaveBeenLastCalledWith(CLIENT_SECRET);
    expect(onSecretCopied).toHaveBeenCalledTimes(1);
  });

  it('counts a secret the user copies by hand as copied', async () => {
    const onSecretCopied = vi.fn();
    render(
      <ClientCredentials clientId={CLIENT_ID} clientSecret={CLIENT_SECRET} onSecretCopied={onSecretCopied} />,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Client Secret' }));
    await userEvent.copy();
    expect(onSecretCopied).toHaveBeenCalled();
  });

  it('selects the value and explains how to copy it when the browser allows no copying', async () => {
    const onSecretCopied = vi.fn();
    render(
      <ClientCredentials clientId={CLIENT_ID} clientSecret={CLIENT_SECRET} onSecretCopied={onSecretCopied} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Client Secret' }));
    const secret = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Client Secret' });
    expect(await screen.findByText(copyByHandMessage('Client Secret'))).toBeInTheDocument();
    expect(secret).toHaveFocus();
    expect(secret.value.slice(secret.selectionStart, secret.selectionEnd)).toBe(CLIENT_SECRET);
    expect(onSecretCopied).not.toHaveBeenCalled();
  });
});
