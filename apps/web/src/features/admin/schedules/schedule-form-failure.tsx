import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../admin-http';
import { type BodySource, errorsFromDetail, type FieldErrors } from './schedule-draft';

/**
 * A refused save as the small schedule forms show it: the server's messages beside the fields
 * they name (`fields`: body path to field id), the rest (and network failures) above the form.
 */
export function submitFailure(
  error: unknown,
  fallback: string,
  fields: Record<string, string>,
  sources: readonly BodySource[] = [],
  prefix = 'weekly',
): { errors: FieldErrors; general: string[] } {
  const detail = error instanceof ApiError ? error.serverMessage : undefined;
  if (!detail) return { errors: {}, general: [errorMessage(error, fallback)] };
  return errorsFromDetail(detail, { fields, sources, prefix });
}

/** The form-level messages of a refused save, read out at once. */
export function FormFailure({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="admin-alert admin-alert--error" role="alert">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
