// The sign-in form's validation: the domain's loginSchema, loaded on demand with zod (see use-login-form.ts).
import { loginSchema, type LoginInput, type LoginRequest } from '@datafeeds/domain';

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The first message of each invalid field, or the request the values make once all are valid. */
export function validateLogin(values: LoginInput): { errors: LoginErrors; request?: LoginRequest } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { errors: {}, request: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { errors };
}
