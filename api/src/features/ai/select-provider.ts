import type { Config } from '../../lib/config';
import { createBuiltinProvider } from './builtin/builtin-provider';
import { geminiTransport } from './gemini';
import { createLlmProvider } from './llm-provider';
import { openAiTransport } from './openai';
import type { AiProvider, ProviderName } from './provider';

const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';

/** AI_PROVIDER if set; else gemini with a Gemini key, openai with an OpenAI key or URL, else builtin. */
export function providerName(config: Config): ProviderName {
  if (config.AI_PROVIDER) return config.AI_PROVIDER;
  if (config.GEMINI_API_KEY) return 'gemini';
  if (config.OPENAI_API_KEY || config.OPENAI_BASE_URL) return 'openai';
  return 'builtin';
}

export function selectProvider(config: Config): AiProvider {
  switch (providerName(config)) {
    case 'gemini':
      return createLlmProvider(
        geminiTransport({ apiKey: config.GEMINI_API_KEY, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL }),
      );
    case 'openai':
      return createLlmProvider(
        openAiTransport({
          baseUrl: config.OPENAI_BASE_URL ?? OPENAI_DEFAULT_URL,
          apiKey: config.OPENAI_API_KEY,
          model: config.OPENAI_MODEL,
        }),
      );
    default:
      return createBuiltinProvider();
  }
}
