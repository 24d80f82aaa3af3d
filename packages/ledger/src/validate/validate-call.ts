import { CALL_PURPOSES, type CallInput } from '../call-record';
import { LedgerInputError } from '../errors/ledger-input-error';
import { describe, isOptionalString, optionalAmount, optionalCount, optionalString, requireObject, requireOneOf, requireString } from './fields';
import { validatePrice } from './validate-price';
import { validateUsage } from './validate-usage';

const OPTIONAL_STRINGS = ['collection', 'keyName', 'provider', 'errorClass', 'errorMessage', 'finishReason', 'unit', 'via', 'providerKey'] as const;

/** Checks a call record's shape; throws `LedgerInputError` naming the first bad field. */
export function validateCall(value: unknown): CallInput {
  const call = requireObject(value, 'call');
  requireString(call.id, 'call.id');
  requireString(call.alias, 'call.alias');
  requireString(call.status, 'call.status');
  requireOneOf(call.purpose, CALL_PURPOSES, 'call.purpose');
  optionalAmount(call.time, 'call.time');
  // Each read by its name (this runs for every recorded call), the field's name built only to say which one failed.
  const strings =
    isOptionalString(call.collection) &&
    isOptionalString(call.keyName) &&
    isOptionalString(call.provider) &&
    isOptionalString(call.errorClass) &&
    isOptionalString(call.errorMessage) &&
    isOptionalString(call.finishReason) &&
    isOptionalString(call.unit) &&
    isOptionalString(call.via) &&
    isOptionalString(call.providerKey);
  if (!strings) for (const field of OPTIONAL_STRINGS) optionalString(call[field], `call.${field}`);
  if (call.shape !== undefined) requireString(call.shape, 'call.shape');
  if (call.request !== undefined && call.request !== true) {
    throw new LedgerInputError('call.request', `must be true (the call stands for its request) or left out, got ${describe(call.request)}`);
  }
  validateUsage(call.usage, 'call.usage');
  if (call.price !== undefined) validatePrice(call.price, 'call.price');
  optionalAmount(call.seconds, 'call.seconds');
  optionalAmount(call.firstPieceSeconds, 'call.firstPieceSeconds');
  optionalCount(call.toolCalls, 'call.toolCalls');
  optionalCount(call.textChars, 'call.textChars');
  if (call.warnings !== undefined) {
    if (!Array.isArray(call.warnings)) throw new LedgerInputError('call.warnings', `must be an array of strings, got ${describe(call.warnings)}`);
    call.warnings.forEach((warning, i) => {
      if (typeof warning !== 'string' || warning === '') requireString(warning, `call.warnings[${i}]`);
    });
  }
  return call as unknown as CallInput;
}
