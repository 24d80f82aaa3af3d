export { statusOfError, type ErrorKind, type NeutralError } from '@bench/contracts';
