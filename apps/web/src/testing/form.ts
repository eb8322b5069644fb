import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types into the labelled field (when given a value) and leaves it, as a user tabbing through would. */
export async function fillAndBlur(label: string | RegExp, value: string): Promise<void> {
  const field = screen.getByLabelText(label, { selector: 'input' });
  await userEvent.clear(field);
  if (value !== '') await userEvent.type(field, value);
  await userEvent.click(document.body);
}
