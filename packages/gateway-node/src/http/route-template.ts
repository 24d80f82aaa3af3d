import type { MatchedRoute } from './match-route';

/**
 * The route's path with its variable parts named (`/v1beta/models/{model}:generateContent`), for metrics labels and
 * span names: a bounded set, with no model name, id or query string in it. `undefined` route: no route matched.
 */
export function routeTemplate(route: MatchedRoute | undefined, pathname: string): string {
  if (!route) return 'unmatched';
  switch (route.name) {
    case 'generate':
    case 'count-tokens':
      if (route.protocol !== 'gemini') return pathname;
      return `/v1beta/models/{model}:${route.name === 'count-tokens' ? 'countTokens' : route.stream ? 'streamGenerateContent' : 'generateContent'}`;
    case 'gemini-model':
      return '/v1beta/models/{model}';
    case 'model-entry':
      return '/v1/models/{model}';
    case 'response-retrieve':
    case 'response-delete':
      return '/v1/responses/{id}';
    default:
      return pathname;
  }
}
