/**
 * /llms.txt (the llmstxt.org convention): a short Markdown guide for language models, written from
 * the OpenAPI document's own parts: its description, security schemes, paths, summaries and examples.
 */
import { SECURITY_SCHEMES } from './components.js';
import { API_DESCRIPTION, type DocumentOptions, operationSpecs } from './document.js';

/** The guide for these options; `origin` is where the service is reached (for the examples). */
export function buildLlmsTxt(options: DocumentOptions, origin: string): string {
  const base = options.publicBaseUrl ?? origin;
  const specs = operationSpecs(options);
  const lines = [
    '# mockhive',
    '',
    `> ${API_DESCRIPTION}`,
    '',
    `Full reference: ${base}/openapi.json (OpenAPI 3.1); people read it at ${base}/docs.`,
    '',
    '## Authentication',
    '',
    `- ${SECURITY_SCHEMES.bearerAuth.description}`,
    `- Or the header \`x-api-key\`: ${SECURITY_SCHEMES.apiKeyHeader.description}`,
    '- Public (no key): health, the type and template catalogues, the agent purchase flow (an agent can buy its own key: POST /api/agent/checkout).',
    '',
    '## Endpoints',
    '',
  ];
  for (const spec of specs) {
    if (spec.tag === 'Reference' || spec.path.includes('/sandbox/') || spec.path.includes('/webhooks/'))
      continue;
    const auth = spec.auth === 'key' ? ' (key)' : '';
    lines.push(`- ${spec.method.toUpperCase()} ${spec.path}${auth}: ${spec.summary}`);
    if (spec.body?.example !== undefined) {
      lines.push(`  Example body: ${JSON.stringify(spec.body.example)}`);
    }
  }
  lines.push(
    '',
    '## Example',
    '',
    '```sh',
    `curl -s ${base}/api/v1/generate -H "Authorization: Bearer $MOCKHIVE_KEY" \\`,
    `  -H 'Content-Type: application/json' -d '${JSON.stringify(exampleOf(specs, '/api/v1/generate'))}'`,
    '```',
    '',
    '## Errors',
    '',
    'Every error is `{"error":{"code","message","details?"}}`; `details[].field` is a path such as',
    '`tables[0].fields[2].type`. Retry only 429 and 503 (after `Retry-After` seconds) and 500 (after 1–2 s).',
    '',
  );
  return lines.join('\n');
}

function exampleOf(specs: readonly { path: string; body?: { example?: unknown } }[], path: string): unknown {
  return specs.find((spec) => spec.path === path)?.body?.example;
}
