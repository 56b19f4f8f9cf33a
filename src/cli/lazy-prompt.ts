/**
 * The prompt converter for the CLI, loaded on the first prompt: the offline reader's English model
 * takes a tenth of a second to load, which a command without `--prompt` should not wait for
 * (docs/cli.md, start-up).
 */
import type { ConverterLogger, LlmOptions, PromptConverter } from '../prompt/index.js';

export function lazyPromptConverter(options: {
  llm?: LlmOptions | undefined;
  logger?: ConverterLogger;
}): PromptConverter {
  let converter: Promise<PromptConverter> | undefined;
  return async (prompt) => {
    converter ??= import('../prompt/index.js').then((m) => m.createPromptConverter(options));
    return (await converter)(prompt);
  };
}
