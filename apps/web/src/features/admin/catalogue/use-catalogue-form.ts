import { fieldErrorsOf } from '@therapy/shared/catalogue-admin-schemas';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../admin-http';

/** What a request schema's safeParse gives when it refuses (the shared zod/mini schemas). */
type CheckingSchema = {
  safeParse(
    data: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

export const SAVE_FAILED = 'Could not save. Please try again.';

/** The first message per field of a refused request, keyed by the request's field names. */
export function issuesByField(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A catalogue form: its typed values (kept whatever happens, so nothing typed is lost), the
 * errors per request field (the shared schema's at once, then the server's), and the save.
 */
export function useCatalogueForm<Values extends object, Request, Saved>(options: {
  initial: Values;
  toRequest: (values: Values) => Request;
  schema: CheckingSchema;
  save: (request: Request) => Promise<Saved>;
}) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  /** Sets fields; the errors of the request fields named in `clears` go. */
  const update = (changes: Partial<Values>, clears: string[] = Object.keys(changes)) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of clears) delete next[field];
      return next;
    });
  };

  /** The saved row, or null with the errors shown. */
  const submit = async (): Promise<Saved | null> => {
    setSubmitError(null);
    const request = options.toRequest(values);
    const checked = options.schema.safeParse(request);
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      return null;
    }
    setSubmitting(true);
    try {
      setErrors({});
      return await options.save(request);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error.serverMessage ?? '') : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setSubmitError(errorMessage(error, SAVE_FAILED));
      return null;
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitError, submitting, update, submit, setSubmitError };
}

export type CatalogueForm<Values extends object> = {
  values: Values;
  errors: Record<string, string>;
  update: (changes: Partial<Values>, clears?: string[]) => void;
};
