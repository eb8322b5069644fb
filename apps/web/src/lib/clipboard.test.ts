import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

function installClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** jsdom has no execCommand; this one records what the hidden textarea held when "copy" ran. */
function installExecCommand(result: boolean | 'throws') {
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    if (result === 'throws') throw new Error('not allowed');
    const selected = document.activeElement;
    if (command === 'copy' && selected instanceof HTMLTextAreaElement) {
      copied.push(selected.value.slice(selected.selectionStart, selected.selectionEnd));
    }
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return { execCommand, copied };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('writes through the Clipboard API when it is available', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    installClipboard(writeText);
    const { execCommand } = installExecCommand(true);
    await expect(copyText('secret-1')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('secret-1');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to the copy command when the Clipboard API is missing', async () => {
    const { copied } = installExecCommand(true);
    await expect(copyText('secret-2')).resolves.toBe(true);
    expect(copied).toEqual(['secret-2']);
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    installClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    const { copied } = installExecCommand(true);
    await expect(copyText('secret-3')).resolves.toBe(true);
    expect(copied).toEqual(['secret-3']);
  });

  it('leaves no textarea behind and gives focus back to where it was', async () => {
    installExecCommand(true);
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.focus();
    await copyText('secret-4');
    expect(document.querySelector('textarea')).toBeNull();
    expect(button).toHaveFocus();
    button.remove();
  });

  it.each([
    ['the copy command fails', false],
    ['the copy command throws', 'throws'],
  ] as const)('reports failure when the Clipboard API is missing and %s', async (_case, result) => {
    installExecCommand(result);
    await expect(copyText('secret-5')).resolves.toBe(false);
  });

  it('reports failure when neither method exists', async () => {
    await expect(copyText('secret-6')).resolves.toBe(false);
  });
});
