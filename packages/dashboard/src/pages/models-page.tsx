import { useState } from 'preact/hooks';
import { ApiError } from '../api/api-error';
import { benchApi } from '../api/bench-api';
import { type ConfigEdit, type ConfigState, configApi } from '../api/config-api';
import type { Model, RecordFigures } from '../api/types';
import { CollectionEditor } from '../components/collection-editor';
import { ErrorNote } from '../components/error-note';
import { ModelEditor } from '../components/model-editor';
import { formatCost, formatCount, formatSeconds } from '../lib/format';
import { useResource } from '../lib/use-resource';

const capability = (value: boolean | null) => (value === null ? 'undeclared' : value ? 'yes' : 'no');

function RecordCells({ record }: { record: RecordFigures | undefined }) {
  if (!record) return <td colSpan={4} class="muted">no calls</td>;
  return (
    <>
      <td>{formatCount(record.calls)}</td>
      <td>
        {record.useful} / {record.notUseful}
      </td>
      <td>{formatSeconds(record.firstTokenSeconds)}</td>
      <td>{formatCost(record.cost)}</td>
    </>
  );
}

function ModelsTable({ models, shapes }: { models: Model[]; shapes: string[] }) {
  return (
    <div class="table-scroll">
      <table data-testid="models-table">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Upstream</th>
            <th scope="col">Tools</th>
            <th scope="col">Vision</th>
            <th scope="col">Context</th>
            <th scope="col">Price in / out (per M)</th>
            <th scope="col">Shape</th>
            <th scope="col">Calls</th>
            <th scope="col">Useful / not</th>
            <th scope="col">First token</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {models.flatMap((model) => {
            const rows = [{ shape: 'all shapes', record: model.record.whole }, ...shapes.map((shape) => ({ shape, record: model.record.shapes.find((r) => r.shape === shape) }))];
            return rows.map((row, index) => (
              <tr key={`${model.alias}-${row.shape}`} data-model={index === 0 ? model.alias : undefined} class={index === 0 ? 'group-start' : ''}>
                {index === 0 ? (
                  <>
                    <th scope="row" rowSpan={rows.length}>
                      {model.alias}
                      {model.retired ? <span class="muted"> retired</span> : null}
                      {model.adHoc ? <span class="muted"> ad hoc</span> : null}
                    </th>
                    <td rowSpan={rows.length}>
                      {model.provider} · {model.model}
                      <br />
                      <span class="muted small">{model.api}</span>
                    </td>
                    <td rowSpan={rows.length} data-capability="tools">
                      {capability(model.tools)}
                    </td>
                    <td rowSpan={rows.length} data-capability="vision">
                      {capability(model.vision)}
                    </td>
                    <td rowSpan={rows.length}>{formatCount(model.contextWindow)}</td>
                    <td rowSpan={rows.length}>{model.price ? `$${model.price.input} / $${model.price.output}` : '—'}</td>
                  </>
                ) : null}
                <td>{row.shape}</td>
                <RecordCells record={row.record} />
              </tr>
            ));
          })}
        </tbody>
      </table>
    </div>
  );
}

function SavedNote({ state }: { state: ConfigState }) {
  return (
    <div class="note note-ok" role="status" data-testid="config-saved">
      Saved and applied{state.changed?.length ? `: ${state.changed.join(', ')}` : ''}.
      {state.restartNeeded?.length ? ` ${state.restartNeeded.join(', ')} take effect at the next start.` : ''}
    </div>
  );
}

/** Models (capabilities, price, record per shape) and the editor for collections and declared capabilities. */
export function ModelsPage() {
  const models = useResource(() => benchApi.models(), []);
  const config = useResource(() => configApi.read(), []);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<Error | undefined>();
  const [saved, setSaved] = useState<ConfigState | undefined>();

  const apply = async (change: () => Promise<ConfigState>) => {
    setSaving(true);
    setRefusal(undefined);
    setSaved(undefined);
    try {
      setSaved(await change());
      config.reload();
      models.reload();
    } catch (error) {
      setRefusal(error as Error);
      // A 409 means the file changed under the editor: read it again so the next save starts from it.
      if (error instanceof ApiError && error.status === 409) config.reload();
    } finally {
      setSaving(false);
    }
  };
  const save = (edits: ConfigEdit[]) => apply(() => configApi.save(edits, config.data?.version ?? ''));

  const written = config.data?.config;
  const aliases = Object.keys(written?.models ?? {});
  const shapes = models.data?.shapes ?? ['general'];
  const noFile = config.error instanceof ApiError && config.error.status === 409;

  return (
    <section aria-labelledby="models-title">
      <header class="page-head">
        <h1 id="models-title">Models and collections</h1>
        <div class="toolbar">
          <button type="button" disabled={!config.data?.undo || saving} onClick={() => apply(() => configApi.undo())}>
            Undo last change
          </button>
        </div>
      </header>
      {refusal ? <ErrorNote error={refusal} title="Not saved." /> : null}
      {saved ? <SavedNote state={saved} /> : null}
      {config.data && !config.data.applied ? (
        <div class="note note-error" role="alert">
          The file on disk is not what the gateway runs: {config.data.refused?.map((r) => `${r.path}: ${r.message}`).join('; ')}
        </div>
      ) : null}
      {models.error ? <ErrorNote error={models.error} /> : null}
      {models.data ? <ModelsTable models={models.data.models} shapes={models.data.shapes} /> : null}

      <h2>Edit</h2>
      {noFile ? <p class="note note-info">{config.error?.message}</p> : config.error ? <ErrorNote error={config.error} /> : null}
      {written && config.data ? (
        <>
          <p class="muted small">
            Saving writes <code>{config.data.path}</code> (comments kept) and the gateway applies it at once; the version before is kept for undo.
          </p>
          <div class="cards">
            {Object.entries(written.collections ?? {}).map(([name, collection]) => (
              <article key={`${name}-${config.data!.version}`} class="card">
                <h3>Collection {name}</h3>
                <CollectionEditor name={name} written={collection} models={aliases} shapes={shapes} saving={saving} onSave={save} />
              </article>
            ))}
          </div>
          <h3>Declared capabilities</h3>
          <div class="cards">
            {Object.entries(written.models ?? {}).map(([alias, model]) => (
              <article key={`${alias}-${config.data!.version}`} class="card card-small">
                <h4>{alias}</h4>
                <ModelEditor alias={alias} written={model} saving={saving} onSave={save} />
              </article>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
