import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject, Options, ValidateFunction } from 'ajv-draft-04';

/**
 * The SARIF 2.1.0 JSON schema as Microsoft's @microsoft/jest-sarif ships it (its
 * `sarif-2.1.0-rtm.5.json`, the final 2.1.0 schema), compiled with a draft-04 JSON Schema
 * validator: the errors of `log`, none when it is a valid SARIF 2.1.0 log.
 */
export function sarifSchemaErrors(log: unknown): string[] {
  validate ??= compile();
  if (validate(log)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`);
}

type Validate = ValidateFunction;
let validate: Validate | undefined;

function compile(): Validate {
  const require = createRequire(import.meta.url);
  // A CommonJS package: its class is its default export.
  const Ajv = (
    require('ajv-draft-04') as {
      default: new (options: Options) => { addFormat(name: string, test: (value: string) => boolean): unknown; compile(schema: object): ValidateFunction };
    }
  ).default;
  const file = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  // The `format`s the schema names are checked too: a URI parses alone, a URI reference against a base.
  // The schema's patterns are ECMAScript ones without the `u` flag (one has a lone `]`).
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///repository/'));
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
  return ajv.compile(schema);
}
