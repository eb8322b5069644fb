import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectInput } from './select-input';

describe('SelectInput', () => {
  it('offers options when it is a select', async () => {
    const onChange = vi.fn();
    render(
      <SelectInput
        name="apiType"
        label="API Type"
        value="rest"
        onChange={onChange}
        options={[
          { value: 'rest', label: 'REST' },
          { value: 'graphql', label: 'GraphQL' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: /API Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'GraphQL' }));
    expect(onChange).toHaveBeenCalled();
  });

  it('shows the error under the field', () => {
    render(
      <SelectInput
        name="apiType"
        label="API Type"
        value=""
        error="API Type is required"
        options={[{ value: 'rest', label: 'REST' }]}
      />,
    );
    expect(screen.getByText('API Type is required')).toHaveAttribute('aria-live', 'polite');
  });
});
