export { isPromise, type MaybePromise } from '@bench/contracts';
