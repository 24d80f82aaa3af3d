import type { PanelInput } from './panel-input';

/** `shape` and `shapeBy` for the bench object, where the panel input gave them. */
export function benchShape(input: Pick<PanelInput, 'shape' | 'shapeBy'>): { shape?: string; shapeBy?: string } {
  const out: { shape?: string; shapeBy?: string } = {};
  if (input.shape !== undefined) out.shape = input.shape;
  if (input.shapeBy !== undefined) out.shapeBy = input.shapeBy;
  return out;
}
