/**
 * The chat's language model, chosen from the configuration: Gemini when GOOGLE_GENERATIVE_AI_API_KEY is set, an
 * OpenAI-compatible server (Ollama, llama.cpp, vLLM) when CHAT_OPENAI_BASE_URL is set, none otherwise (the route
 * answers 503 AI_UNAVAILABLE). The config schema already refuses both at once. Both talk to the model through
 * providerFetch (provider-fetch.ts), which costs the main thread less than the global fetch.
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { DEFAULT_GEMINI_MODEL, getConfig, type Config } from '../config.ts';
import { providerFetch } from './provider-fetch.ts';

type ChatConfig = Pick<
  Config,
  | 'GOOGLE_GENERATIVE_AI_API_KEY'
  | 'GOOGLE_GENERATIVE_AI_BASE_URL'
  | 'CHAT_OPENAI_BASE_URL'
  | 'CHAT_OPENAI_API_KEY'
  | 'CHAT_MODEL'
>;

/** @example createChatModel({ CHAT_OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', CHAT_MODEL: 'llama3.2' }) */
export function createChatModel(config: ChatConfig): LanguageModel | undefined {
  if (config.GOOGLE_GENERATIVE_AI_API_KEY) {
    const google = createGoogleGenerativeAI({
      apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY,
      baseURL: config.GOOGLE_GENERATIVE_AI_BASE_URL,
      fetch: providerFetch,
    });
    return google(config.CHAT_MODEL ?? DEFAULT_GEMINI_MODEL);
  }
  if (config.CHAT_OPENAI_BASE_URL && config.CHAT_MODEL) {
    const server = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: config.CHAT_OPENAI_BASE_URL,
      apiKey: config.CHAT_OPENAI_API_KEY,
      fetch: providerFetch,
    });
    return server.chatModel(config.CHAT_MODEL);
  }
  return undefined;
}

let model: LanguageModel | undefined | null = null;

/** The process's chat model, or undefined when none is configured. */
export function getChatModel(): LanguageModel | undefined {
  if (model === null) model = createChatModel(getConfig());
  return model;
}
