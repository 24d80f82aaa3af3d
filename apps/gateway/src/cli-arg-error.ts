import { nearestName } from '@bench/gateway-node';

/** A command line the CLI cannot run; the message says what to type instead. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(`${message}; see bench-gateway --help`);
    this.name = 'CliUsageError';
  }
}

/**
 * node:util parseArgs' refusals ("Unknown option '--prot'. To specify a
 * positional argument…") as one line naming the flag and the nearest known one.
 */
export function explainArgError(error: unknown, knownFlags: readonly string[], command?: string): Error {
  const code = (error as { code?: string }).code;
  const where = command ? ` for ${command}` : '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'([^']+)'/.exec((error as Error).message)?.[1] ?? '?';
    const nearest = nearestName(flag.replace(/^-+/, '').replace(/=.*$/, ''), knownFlags);
    return new CliUsageError(`unknown option ${flag}${where}${nearest ? ` (did you mean --${nearest}?)` : ''}`);
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const word = /'([^']+)'/.exec((error as Error).message)?.[1] ?? '?';
    return new CliUsageError(`unexpected argument "${word}"${where}`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new CliUsageError((error as Error).message.replace(/\.$/, ''));
  }
  return error as Error;
}

/** An unknown command word, with the nearest known command. */
export function unknownCommand(word: string, commands: readonly string[]): CliUsageError {
  const nearest = nearestName(word, commands);
  return new CliUsageError(`unknown command "${word}"${nearest ? ` (did you mean "${nearest}"?)` : ''}; the commands are ${commands.join(', ')}`);
}
