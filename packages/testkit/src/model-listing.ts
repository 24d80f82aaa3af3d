/** The body a GET of a model listing answers, in the protocol its path belongs to; undefined for another path. */
export function modelListing(pathname: string, models: readonly string[]): unknown {
  if (pathname.endsWith('/api/tags')) return { models: models.map((name) => ({ name, model: name })) };
  if (pathname.endsWith('beta/models')) return { models: models.map((name) => ({ name: `models/${name}`, supportedGenerationMethods: ['generateContent'] })) };
  if (pathname.endsWith('/models')) return { object: 'list', data: models.map((id) => ({ id, object: 'model', type: 'model' })) };
  return undefined;
}
