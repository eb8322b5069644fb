import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Types the value into the labelled field and leaves it. An empty value is typed and erased: a field
 * the user never typed in is not checked when left (components/form/field-binding.ts).
 */
export async function fillAndBlur(label: string | RegExp, value: string): Promise<void> {
  const field = screen.getByLabelText(label, { selector: 'input' });
  await userEvent.clear(field);
  await userEvent.type(field, value === '' ? 'x{Backspace}' : value);
  await userEvent.click(document.body);
}

/** Focuses the labelled field and leaves it without typing, as a user clicking elsewhere would. */
export async function focusAndLeave(label: string | RegExp): Promise<void> {
  await userEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  await userEvent.click(document.body);
}
