import type { FieldValues, Path, UseFormSetError, UseFormTrigger } from 'react-hook-form';

/** A check to run when a field is left: after the field's own rules pass, ask the server whether the value is free. */
export function availabilityCheck<TValues extends FieldValues>(
  trigger: UseFormTrigger<TValues>,
  setError: UseFormSetError<TValues>,
) {
  return async (
    field: Path<TValues>,
    value: string,
    isTaken: (value: string) => Promise<boolean>,
    message: string,
  ) => {
    if (!(await trigger(field))) return;
    try {
      if (await isTaken(value.trim())) setError(field, { type: 'server', message });
    } catch {
      // The check is a courtesy; registration itself reports a taken name or address.
    }
  };
}
