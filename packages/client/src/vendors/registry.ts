import { anthropic } from './anthropic';
import { cerebras } from './cerebras';
import { deepseek } from './deepseek';
import { google } from './google';
import { groq } from './groq';
import { minimax } from './minimax';
import { moonshot } from './moonshot';
import { openai } from './openai';
import { openrouter } from './openrouter';

/**
 * Every vendor whose API has rules of its own, in the order their hosts are tested and their rules run (see
 * vendor-plan.ts). A new vendor is its file in this folder and one line here; `VENDORS`, `Vendor` and the config's
 * `vendor` field follow.
 */
export const VENDOR_RULES = [openai, anthropic, google, deepseek, moonshot, openrouter, minimax, groq, cerebras] as const;

type NamesOf<T> = { readonly [K in keyof T]: T[K] extends { readonly name: infer Name } ? Name : never };

/** Whose API a base URL reaches, for the rules only that vendor's API has; `other` for none of them. */
// The cast keeps the names' tuple type (which `map` widens to string[]); the registry's test pins the values.
export const VENDORS = [...VENDOR_RULES.map((rules) => rules.name), 'other'] as unknown as readonly [...NamesOf<typeof VENDOR_RULES>, 'other'];
export type Vendor = (typeof VENDORS)[number];
