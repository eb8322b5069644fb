import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('shows the error under the field and marks the field invalid', () => {
    render(<TextInput name="email" label="Email" error="Email must be a valid email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const message = screen.getByText('Email must be a valid email');
    expect(input).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
    expect(message).toHaveAttribute('aria-live', 'polite');
  });

  it('keeps a blank helper line when there is no error, so the layout does not jump', () => {
    render(<TextInput name="email" label="Email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    const helper = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('\u00a0');
  });

  it('shows a hint when given and no error', () => {
    render(<TextInput name="phone" label="Phone" hint="Optional" />);
    expect(screen.getByText('Optional')).toBeInTheDocument();
  });

  it('marks required fields', () => {
    const { container } = render(<TextInput name="firstName" label="First Name" required />);
    expect(screen.getByRole('textbox', { name: /First Name/ })).toBeRequired();
    expect(container.querySelector('label')).toHaveTextContent('First Name *');
  });

  it('supports disabled, read-only and auto-focus', () => {
    render(
      <>
        <TextInput name="a" label="Disabled" disabled />
        <TextInput name="b" label="Read only" readOnly value="kept" />
        <TextInput name="c" label="Focused" autoFocus />
      </>,
    );
    expect(screen.getByLabelText('Disabled')).toBeDisabled();
    expect(screen.getByLabelText('Read only')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Read only')).toHaveValue('kept');
    expect(screen.getByLabelText('Focused')).toHaveFocus();
  });

  it('renders start and end adornments', () => {
    render(
      <TextInput name="price" label="Price" startAdornment="CAD" endAdornment={<span>per year</span>} />,
    );
    expect(screen.getByText('CAD')).toBeInTheDocument();
    expect(screen.getByText('per year')).toBeInTheDocument();
  });

  it('calls the change and blur handlers', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<TextInput name="nick" label="Nickname" onChange={onChange} onBlur={onBlur} />);
    await userEvent.type(screen.getByLabelText('Nickname'), 'x');
    await userEvent.tab();
    expect(onChange).toHaveBeenCalled();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
