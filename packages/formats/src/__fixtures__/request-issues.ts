import { InvalidRequestError, type FieldIssue } from '../errors/invalid-request-error';

/** Test helper: the field issues of the InvalidRequestError that `parse` throws (and a failure when it throws none). */
export function requestIssues(parse: () => unknown): FieldIssue[] {
  try {
    parse();
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected an InvalidRequestError');
}
