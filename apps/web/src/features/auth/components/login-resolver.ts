// The sign-in form's validation (the domain's loginSchema), loaded on demand by lazyResolver.
import { loginSchema } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';

export const resolver = zodResolver(loginSchema);
