import type { ExportRow } from './export-row';

const text = JSON.stringify;
const orNull = (value: unknown) => (value === null || value === undefined ? 'null' : JSON.stringify(value));
const number = (value: unknown) => String(Number(value));
const orNullNumber = (value: unknown) => (value === null || value === undefined ? 'null' : String(Number(value)));

/**
 * One JSON line: every column of EXPORT_COLUMNS, in its order, null where unknown; time as ISO 8601, `request` true
 * or false. Written out by hand: warnings are kept as their stored JSON text, not parsed and written again.
 */
export function exportRowToJsonLine(row: ExportRow): string {
  // biome-ignore format: the columns, in EXPORT_COLUMNS order
  const [id, time, purpose, collection, keyName, alias, provider, status, errorClass, errorMessage, input, output, reasoning, cached,
    cost, seconds, first, finishReason, toolCalls, warnings, unit, cacheWrite, cacheWrite1h, shape, textChars, providerKey, via, request] = row;
  return (
    `{"id":${text(id)},"time":"${new Date(Number(time)).toISOString()}","purpose":${text(purpose)},` +
    `"collection":${collection === '' ? 'null' : orNull(collection)},"keyName":${orNull(keyName)},"alias":${text(alias)},` +
    `"provider":${orNull(provider)},"status":${text(status)},"errorClass":${orNull(errorClass)},"errorMessage":${orNull(errorMessage)},` +
    `"inputTokens":${number(input)},"outputTokens":${number(output)},"reasoningTokens":${number(reasoning)},"cachedTokens":${number(cached)},` +
    `"cost":${orNullNumber(cost)},"seconds":${orNullNumber(seconds)},"firstPieceSeconds":${orNullNumber(first)},` +
    `"finishReason":${orNull(finishReason)},"toolCalls":${number(toolCalls)},"warnings":${warnings ? String(warnings) : '[]'},"unit":${text(unit)},` +
    `"cacheWriteTokens":${number(cacheWrite)},"cacheWrite1hTokens":${number(cacheWrite1h)},"shape":${text(shape)},` +
    `"textChars":${orNullNumber(textChars)},"providerKey":${orNull(providerKey)},"via":${orNull(via)},"request":${Number(request) === 1}}\n`
  );
}
