// The sign-in form's state, with the rules of every form here (spec §4): a field is checked when it
// loses focus once the user has typed in it (leaving it untouched, e.g. for the theme toggle, says
// nothing), every field on submit, and after a submit each change re-checks its field. The sign-in
// page is the first page most visitors load, so this form does without react-hook-form (14 kB) and
// fetches its schema and zod at the first check (the first-load budget, design §7).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LoginInput, LoginRequest } from '@datafeeds/domain';
import type { LoginErrors, LoginField } from './login-validation';

const loadValidation = () => import('./login-validation');

export function useLoginForm(onValid: (values: LoginRequest) => void) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const edited = useRef(new Set<LoginField>());
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const check = async (field: LoginField, current: LoginInput) => {
    const { validateLogin } = await loadValidation();
    const message = validateLogin(current).errors[field];
    setErrors((shown) => ({ ...shown, [field]: message }));
  };

  const bind = (field: LoginField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    onBlur: () => {
      if (edited.current.has(field) || errors[field] !== undefined) void check(field, values);
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      edited.current.add(field);
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      if (submitted.current) void check(field, next);
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { validateLogin } = await loadValidation();
    const { errors: found, request } = validateLogin(values);
    setErrors(found);
    if (request) onValid(request);
    else inputs.current[found.email === undefined ? 'password' : 'email']?.focus();
  };

  return { bind, onSubmit };
}
