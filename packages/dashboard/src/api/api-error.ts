/** A refusal from a /bench/… route, read from its OpenAI-shaped error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The field the gateway named as the cause, when it named one. */
    readonly param: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 401 or 403: the session is gone, or the key may not open the dashboard. */
  get needsLogin(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; param?: unknown } };
    const message = typeof body.error?.message === 'string' ? body.error.message : `${response.status} ${response.statusText}`;
    const param = typeof body.error?.param === 'string' ? body.error.param : null;
    return new ApiError(response.status, message, param);
  } catch {
    return new ApiError(response.status, text.trim() || `${response.status} ${response.statusText}`, null);
  }
}
