import { ConfigError } from '../errors.js';

export const placeholders = [
  'subject',
  'subject_description',
  'heading',
  'file',
  'role',
  'round',
  'max_rounds',
  'diff',
  'files',
  'changed_files',
  'document',
  'open_points',
  'last_section',
  'ledger',
  'standards',
  'failed_citations',
  'stance',
  'answer_format',
] as const;

export type Placeholder = (typeof placeholders)[number];
export type PromptValues = Record<Placeholder, string>;

/** What a template's blocks test: `{{#reproductions}}...{{/reproductions}}` is kept only when this side runs reproductions. */
export const conditions = ['reproductions'] as const;
export type Condition = (typeof conditions)[number];
export type PromptConditions = Record<Condition, boolean>;

const placeholderPattern = /\{\{\s*([\w-]+)\s*\}\}/g;
/** `{{#name}}text{{/name}}`: the text kept when the condition holds, removed whole when it does not; blocks do not nest. */
const blockPattern = /\{\{#\s*([\w-]+)\s*\}\}([\s\S]*?)\{\{\/\s*\1\s*\}\}/g;
const blockTag = /\{\{\s*([#/])\s*([\w-]+)\s*\}\}/;

/**
 * Keeps or removes the `{{#name}}...{{/name}}` blocks by `conditions`, then fills `{{name}}`
 * placeholders. A name that is not one of `conditions` or `placeholders`, or a block left open or
 * closed without opening, is a ConfigError.
 */
export function renderTemplate(template: string, values: PromptValues, templateName: string, given: PromptConditions): string {
  const kept = template.replace(blockPattern, (_match, name: string, body: string) => {
    if (!(conditions as readonly string[]).includes(name)) {
      throw new ConfigError(`Cannot read the block \`{{#${name}}}\` in the template ${templateName}: expected one of ${conditions.map((c) => `{{#${c}}}`).join(', ')}.`);
    }
    return given[name as Condition] ? body : '';
  });
  const stray = blockTag.exec(kept);
  if (stray !== null) {
    const [tag, mark, name] = stray;
    throw new ConfigError(
      `Cannot read the template ${templateName}: \`${tag}\` ${mark === '#' ? `opens a block that no \`{{/${name}}}\` closes` : `closes a block that no \`{{#${name}}}\` opened`}; blocks do not nest.`,
    );
  }
  return kept.replace(placeholderPattern, (_match, name: string) => {
    if (!(placeholders as readonly string[]).includes(name)) {
      throw new ConfigError(`Cannot fill the placeholder \`{{${name}}}\` in the template ${templateName}: expected one of ${placeholders.map((p) => `{{${p}}}`).join(', ')}.`);
    }
    return values[name as Placeholder];
  });
}
