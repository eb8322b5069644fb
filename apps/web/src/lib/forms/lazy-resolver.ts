// A react-hook-form resolver whose code (schema, validation library) is downloaded the first time the
// form validates, on the first blur or submit, instead of with the page. The sign-in page uses it so that
// its first load does not carry zod. Validation is asynchronous in react-hook-form anyway.
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<{ resolver: Resolver<TFieldValues, TContext, TTransformedValues> }>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let loading: ReturnType<typeof load> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (offline) is tried again at the next validation.
      loading = null;
      throw error;
    });
    const { resolver } = await loading;
    return resolver(values, context, options);
  };
}
