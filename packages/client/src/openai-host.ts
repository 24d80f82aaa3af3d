import { UrlMemo } from './url-memo';

/** OpenAI's own API, and Azure OpenAI. */
const OPENAI_HOST = /(^|\.)openai\.com$|\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$/;
const OPENAI_BASES = new UrlMemo<boolean>();

/** Whether a base URL is OpenAI's own API (or Azure OpenAI), whose rules other OpenAI-compatible servers do not share. */
export function isOpenAIBase(baseURL: string): boolean {
  return OPENAI_BASES.get(baseURL, isOpenAIHost);
}

function isOpenAIHost(baseURL: string): boolean {
  try {
    return OPENAI_HOST.test(new URL(baseURL).hostname);
  } catch {
    return false;
  }
}
