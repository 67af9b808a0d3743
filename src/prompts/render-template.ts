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

const placeholderPattern = /\{\{\s*([\w-]+)\s*\}\}/g;

/** Fills `{{name}}` placeholders; a name that is not one of `placeholders` is a ConfigError. */
export function renderTemplate(template: string, values: PromptValues, templateName: string): string {
  return template.replace(placeholderPattern, (_match, name: string) => {
    if (!(placeholders as readonly string[]).includes(name)) {
      throw new ConfigError(`Cannot fill the placeholder \`{{${name}}}\` in the template ${templateName}: expected one of ${placeholders.map((p) => `{{${p}}}`).join(', ')}.`);
    }
    return values[name as Placeholder];
  });
}
