import type { FormEvent } from 'react';
import type { FieldValues, SubmitHandler, UseFormHandleSubmit } from 'react-hook-form';

/** Brings the first input marked invalid into view (below the app bar) and puts the cursor in it. */
export function scrollToFirstError(form: HTMLElement | null) {
  // After react-hook-form's render has marked the inputs.
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first.focus({ preventScroll: true });
  });
}

/** The form's onSubmit: validates, then saves, or scrolls to the first error. */
export function submitOrScroll<T extends FieldValues>(handleSubmit: UseFormHandleSubmit<T>, onValid: SubmitHandler<T>) {
  return (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    void handleSubmit(onValid, () => scrollToFirstError(form))(e);
  };
}
