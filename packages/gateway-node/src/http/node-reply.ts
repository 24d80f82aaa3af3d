import type { ServerResponse } from 'node:http';
import type { Reply } from '../reply';
import type { RequestObserver } from './request-observer';
import { sendJSON } from './send';
import { StreamWriter } from './stream-writer';

/** A handler's `Reply` on Node's response. */
export function nodeReply(res: ServerResponse, observer?: Pick<RequestObserver, 'streamOpened'>): Reply {
  return {
    json: (status, body, ...headerSets) => sendJSON(res, status, body, ...headerSets),
    text(status, headers, text) {
      res.writeHead(status, headers);
      res.end(text);
    },
    raw(status, headers, body) {
      if (status === 304) {
        res.writeHead(status, headers); // no body, and no length of one
        res.end();
        return;
      }
      res.writeHead(status, { 'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength), ...headers });
      res.end(body);
    },
    empty(status) {
      res.writeHead(status, { 'content-length': '0' });
      res.end();
    },
    stream(status, headers, options) {
      const writer = new StreamWriter(res, { keepAlive: options.keepAlive, keepAliveMs: options.keepAliveMs });
      writer.open(status, headers, { flush: options.flush });
      if (observer) {
        const ended = observer.streamOpened();
        if (res.closed) ended();
        else res.once('close', ended);
      }
      return writer;
    },
  };
}
