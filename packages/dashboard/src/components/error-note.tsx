import { ApiError } from '../api/api-error';

/** A refusal or failure, said plainly: the field the gateway named, and its reason. */
export function ErrorNote({ error, title }: { error: Error; title?: string }) {
  const param = error instanceof ApiError ? error.param : null;
  return (
    <div class="note note-error" role="alert">
      {title ? <strong>{title} </strong> : null}
      {param ? (
        <span>
          <code class="field">{param}</code>:{' '}
        </span>
      ) : null}
      <span class="error-message">{error.message}</span>
    </div>
  );
}
