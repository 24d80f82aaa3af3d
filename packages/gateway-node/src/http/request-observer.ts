import type { ErrorKind } from '@bench/contracts';
import type { RequestState } from '../request-state';

/** A request as it ended, for observers (metrics): what it was, how it was answered, how long it took. */
export interface EndedRequest {
  state: RequestState;
  /** The route's path with its variable parts named (`/v1beta/models/{model}:generateContent`), or `unmatched`. */
  route: string;
  status: number;
  seconds: number;
  /** Why it was refused or failed, where it was answered with an error. */
  error?: {
    kind: ErrorKind;
    /** Refused by the gateway itself (a limit, a permission), not passed on from the upstreams. */
    ownRefusal: boolean;
  };
}

/** What the HTTP layer tells an observer about each request; it runs on the serving thread, so it must be cheap. */
export interface RequestObserver {
  /** A streamed reply began; the returned function is called once it ended or its reader left. */
  streamOpened(): () => void;
  /** The request is over: its response finished, or its connection closed. */
  ended(request: EndedRequest): void;
}
