/** Something the target protocol could not hold, or held differently: never dropped silently. */
export interface Warning {
  code: 'dropped' | 'converted' | 'clamped';
  /** Where in the source it was (`messages[3].content[1]`, `tools[0].input_schema.additionalProperties`). */
  path?: string;
  message: string;
}
