// Copy-to-clipboard with a fallback (spec §9). The Clipboard API needs a secure context and the
// browser's permission; where it is missing or refuses, a hidden textarea and the older copy command
// still work in most browsers. The caller learns whether either succeeded, so it can ask the user to
// copy by hand when neither did.

/** Copies the text and says whether it reached the clipboard. Never throws. */
export async function copyText(text: string): Promise<boolean> {
  // Optional chaining: older browsers and insecure contexts have no navigator.clipboard at all.
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, document not focused): try the fallback below.
    }
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  // Read-only keeps mobile keyboards closed; fixed and transparent keeps the page from scrolling or flashing.
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  Object.assign(textarea.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
  document.body.appendChild(textarea);
  try {
    textarea.focus({ preventScroll: true });
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    previouslyFocused?.focus();
  }
}
