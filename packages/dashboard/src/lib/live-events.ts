import { useEffect, useRef, useState } from 'preact/hooks';
import type { Call, LiveRefusal, Verdict } from '../api/types';

export interface TurnEvent {
  conversation: string;
  turn: number;
  call: string | null;
  alias: string;
  status: string;
  collection: string;
  time: number;
}

export type LiveEvent =
  | { type: 'call'; call: Call }
  | { type: 'turn'; turn: TurnEvent }
  | { type: 'verdict'; verdict: Verdict & { call: string } }
  | { type: 'refusal'; refusal: LiveRefusal };

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
const stateListeners = new Set<(open: boolean) => void>();
let source: EventSource | null = null;
let open = false;

function setOpen(value: boolean): void {
  open = value;
  for (const listener of stateListeners) listener(value);
}

function emit(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

function parse<T>(message: MessageEvent<string>): T | null {
  try {
    return JSON.parse(message.data) as T;
  } catch {
    return null;
  }
}

/** One EventSource for the whole page; EventSource reconnects by itself when the gateway restarts. */
export function startLiveEvents(): void {
  if (source) return;
  source = new EventSource('/bench/events');
  source.addEventListener('open', () => setOpen(true));
  source.addEventListener('error', () => setOpen(false));
  source.addEventListener('call', (message) => {
    const call = parse<Call>(message as MessageEvent<string>);
    if (call) emit({ type: 'call', call });
  });
  source.addEventListener('turn', (message) => {
    const turn = parse<TurnEvent>(message as MessageEvent<string>);
    if (turn) emit({ type: 'turn', turn });
  });
  source.addEventListener('verdict', (message) => {
    const verdict = parse<Verdict & { call: string }>(message as MessageEvent<string>);
    if (verdict) emit({ type: 'verdict', verdict });
  });
  source.addEventListener('refusal', (message) => {
    const refusal = parse<LiveRefusal>(message as MessageEvent<string>);
    if (refusal) emit({ type: 'refusal', refusal });
  });
}

export function stopLiveEvents(): void {
  source?.close();
  source = null;
  setOpen(false);
}

/** Calls `listener` for every live event while the component is mounted (the latest listener, without resubscribing). */
export function useLiveEvents(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward: Listener = (event) => latest.current(event);
    listeners.add(forward);
    return () => listeners.delete(forward);
  }, []);
}

export function useLiveOpen(): boolean {
  const [value, setValue] = useState(open);
  useEffect(() => {
    stateListeners.add(setValue);
    return () => stateListeners.delete(setValue);
  }, []);
  return value;
}
