import { InvalidRouteInputError } from './errors/invalid-route-input-error';

/** The shape records are read on (`general` when none is named); a bad one throws naming the field. */
export function shapeOf(shape: unknown): string {
  if (shape === undefined) return 'general';
  if (typeof shape !== 'string' || shape.trim() === '') {
    throw new InvalidRouteInputError('shape', `must be a shape name (a non-empty string), got ${JSON.stringify(shape)}`);
  }
  return shape;
}
