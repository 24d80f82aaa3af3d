import type { Protocol } from './protocol';

/**
 * Unmapped wire fields of a node, kept by the codec that parsed it so that the
 * same protocol writes them back unchanged. Keys starting with `$` are shape
 * hints private to that codec (e.g. "content was a plain string"); other codecs
 * ignore those, and warn about the rest when they cannot carry them.
 */
export type Extra = Record<string, unknown>;

export interface TextPart {
  type: 'text';
  text: string;
  extra?: Extra;
}

export type ImageSource = { kind: 'url'; url: string } | { kind: 'base64'; mediaType: string; data: string };

export interface ImagePart {
  type: 'image';
  source: ImageSource;
  extra?: Extra;
}

export type FileSource =
  /** `mediaType` where the protocol tells it (Gemini fileData, Anthropic's PDF URL source); a bare URL does not. */
  { kind: 'url'; url: string; mediaType?: string } | { kind: 'base64'; mediaType: string; data: string };

/** A document (a PDF, a text file) a client sends as input; models do not return them. */
export interface FilePart {
  type: 'file';
  source: FileSource;
  /** Where the protocol carries one: OpenAI's filename, Anthropic's document title. */
  filename?: string;
  extra?: Extra;
}

export interface ToolCallPart {
  type: 'tool-call';
  id: string;
  name: string;
  /** The namespace of the tool called, where it is in one (see `ToolDefinition.namespace`). */
  namespace?: string;
  /** A call of a freeform tool (see `ToolDefinition.freeform`): its arguments are `{"input": <the text>}`. */
  freeform?: boolean;
  /** The arguments as JSON text, exactly as the model wrote them. */
  arguments: string;
  extra?: Extra;
}

export interface ToolResultPart {
  type: 'tool-result';
  callId: string;
  /** The tool's name, where the protocol carries it (Gemini, Ollama need it). */
  name?: string;
  /** The called tool's namespace, where it is in one and the protocol tells it. */
  namespace?: string;
  content: ToolResultContentPart[];
  isError?: boolean;
  extra?: Extra;
}

export interface ReasoningPart {
  type: 'reasoning';
  text: string;
  /** Anthropic's thinking signature, or an opaque provider token (Gemini thoughtSignature, Responses encrypted_content). */
  signature?: string;
  /** Whose signature it is: only that protocol's provider takes it back (see shared/signature-provenance.ts). Unknown when absent. */
  signatureFrom?: Protocol;
  /** Reasoning the provider returned only in encrypted form (Anthropic redacted_thinking). */
  redacted?: boolean;
  extra?: Extra;
}

export type ToolResultContentPart = TextPart | ImagePart | FilePart;
export type UserContentPart = TextPart | ImagePart | FilePart;
export type AssistantContentPart = TextPart | ImagePart | ToolCallPart | ReasoningPart;
export type ToolContentPart = ToolResultPart;
export type ContentPart = TextPart | ImagePart | FilePart | ToolCallPart | ToolResultPart | ReasoningPart;

export interface UserMessage {
  role: 'user';
  content: Array<UserContentPart | ToolResultPart>;
  extra?: Extra;
}

export interface AssistantMessage {
  role: 'assistant';
  content: AssistantContentPart[];
  extra?: Extra;
}

export interface ToolMessage {
  role: 'tool';
  content: ToolResultPart[];
  extra?: Extra;
}

export type Message = UserMessage | AssistantMessage | ToolMessage;
