import type { ZodError } from 'zod';
import { isErrorCode, type ErrorCode } from '@pisonow/domain';
import { AppError } from '../../lib/app-error.ts';

/** A contract's refusal as `{ code, details[] }`: the first specific code leads, every field is listed. */
export function validationError(error: ZodError): AppError {
  const details = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    code: (isErrorCode(issue.message) ? issue.message : 'VALIDATION_FAILED') as ErrorCode,
  }));
  const lead = details.find((d) => d.code !== 'VALIDATION_FAILED')?.code ?? 'VALIDATION_FAILED';
  return new AppError(lead, { status: 400, details });
}
