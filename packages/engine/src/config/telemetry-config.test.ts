import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../__fixtures__/example-config';
import { issuesOf } from './config-issues-of';
import { parseConfig } from './parse-config';

const withTelemetry = (telemetry: unknown) => ({ ...exampleConfig(), telemetry });

describe('parseConfig: telemetry', () => {
  it('is off by default, naming the gateway as the service', () => {
    expect(parseConfig(exampleConfig()).telemetry).toEqual({ serviceName: 'bench-gateway' });
  });

  it('takes a collector URL and a service name', () => {
    expect(parseConfig(withTelemetry({ otlp: 'http://127.0.0.1:4318', serviceName: 'bench-eu' })).telemetry).toEqual({
      otlp: 'http://127.0.0.1:4318',
      serviceName: 'bench-eu',
    });
  });

  it('names the field and the reason of a bad URL, an empty service name and an unknown key', () => {
    expect(issuesOf(withTelemetry({ otlp: '127.0.0.1:4318' }))).toEqual([
      'telemetry.otlp: must be an absolute http(s) URL of an OTLP/HTTP collector, e.g. "http://127.0.0.1:4318"',
    ]);
    expect(issuesOf(withTelemetry({ otlp: 'grpc://collector:4317' }))).toEqual([expect.stringMatching(/^telemetry\.otlp: must be an absolute http\(s\) URL/)]);
    expect(issuesOf(withTelemetry({ serviceName: '' }))).toEqual(['telemetry.serviceName: must not be empty; leave it out for "bench-gateway"']);
    expect(issuesOf(withTelemetry({ endpoint: 'http://127.0.0.1:4318' }))).toEqual([expect.stringMatching(/^telemetry\.endpoint: unknown key "endpoint"/)]);
  });
});
