import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { loadTemplate, templatesDirectory } from '../../src/prompts/load-template.js';
import { placeholders, renderTemplate, type PromptValues } from '../../src/prompts/render-template.js';

const on = { reproductions: true };
const off = { reproductions: false };

/** Every placeholder filled with `<name>`, so what went where is visible. */
const values = Object.fromEntries(placeholders.map((name) => [name, `<${name}>`])) as PromptValues;

const validList =
  '{{subject}}, {{subject_description}}, {{heading}}, {{file}}, {{role}}, {{round}}, {{max_rounds}}, {{diff}}, {{files}}, {{changed_files}}, ' +
  '{{document}}, {{open_points}}, {{last_section}}, {{ledger}}, {{standards}}, {{failed_citations}}, {{stance}}, {{answer_format}}';

describe('renderTemplate', () => {
  it('fills every placeholder, wherever and however often it appears', () => {
    const template = placeholders.map((name) => `${name}={{${name}}}`).join('\n') + '\nagain {{ subject }} and {{subject}}';
    expect(renderTemplate(template, values, 'test.md', on)).toBe(placeholders.map((name) => `${name}=<${name}>`).join('\n') + '\nagain <subject> and <subject>');
  });

  it('inserts values as they are: no $ patterns, no second pass over placeholders inside them', () => {
    const diff = "+const s = '$& $1 $$';\n+// {{document}}\n";
    expect(renderTemplate('```diff\n{{diff}}```', { ...values, diff }, 'review.md', on)).toBe(`\`\`\`diff\n${diff}\`\`\``);
  });

  it('refuses an unknown placeholder with a ConfigError listing the valid ones', () => {
    const render = () => renderTemplate('Review {{subject}} in {{repo}}.', values, 'review.md', on);
    expect(render).toThrow(ConfigError);
    expect(render).toThrow(new ConfigError(`Cannot fill the placeholder \`{{repo}}\` in the template review.md: expected one of ${validList}.`));
  });
});

describe('conditional blocks', () => {
  it('keeps a block when its condition holds and removes it whole when it does not, inline or over lines', () => {
    const template = 'Cite `evidence`{{#reproductions}} or a `reproduction`{{/reproductions}}.\n{{#reproductions}}- run: {{file}}\n{{/reproductions}}- focus\n';
    expect(renderTemplate(template, values, 'test.md', on)).toBe('Cite `evidence` or a `reproduction`.\n- run: <file>\n- focus\n');
    expect(renderTemplate(template, values, 'test.md', off)).toBe('Cite `evidence`.\n- focus\n');
  });

  it('refuses an unknown condition, a block left open and one closed without opening, saying which', () => {
    expect(() => renderTemplate('{{#network}}x{{/network}}', values, 'review.md', on)).toThrow(
      new ConfigError('Cannot read the block `{{#network}}` in the template review.md: expected one of {{#reproductions}}.'),
    );
    expect(() => renderTemplate('a {{#reproductions}} b', values, 'review.md', on)).toThrow(
      new ConfigError('Cannot read the template review.md: `{{#reproductions}}` opens a block that no `{{/reproductions}}` closes; blocks do not nest.'),
    );
    expect(() => renderTemplate('a {{/reproductions}} b', values, 'review.md', off)).toThrow(
      new ConfigError('Cannot read the template review.md: `{{/reproductions}}` closes a block that no `{{#reproductions}}` opened; blocks do not nest.'),
    );
  });
});

describe('templates/', () => {
  it('speak of reproductions only to a side that runs them', async () => {
    for (const name of ['review.md', 'response.md', 'follow-up.md']) {
      const text = await readFile(path.join(templatesDirectory, name), 'utf8');
      expect({ name, asked: /reproduc/i.test(renderTemplate(text, values, name, on)) }).toEqual({ name, asked: true });
      expect({ name, said: renderTemplate(text, values, name, off).match(/.*reproduc.*/gi) }).toEqual({ name, said: null });
    }
  });

  it('has one template per turn', async () => {
    const names = (await readdir(templatesDirectory)).filter((name) => name.endsWith('.md')).sort();
    expect(names).toEqual(['consensus.md', 'follow-up.md', 'response.md', 'review.md']);
    for (const turn of ['review', 'response', 'follow-up', 'consensus'] as const) {
      expect((await loadTemplate(turn)).text).toBe(await readFile(path.join(templatesDirectory, `${turn}.md`), 'utf8'));
    }
  });

  it('uses only known placeholders, and nothing that looks like one is left after rendering', async () => {
    // The prompt templates; pre-push.sh is the hook script, with placeholders of its own.
    for (const name of (await readdir(templatesDirectory)).filter((file) => file.endsWith('.md'))) {
      const text = await readFile(path.join(templatesDirectory, name), 'utf8');
      for (const reproductions of [true, false]) {
        const rendered = renderTemplate(text, values, name, { reproductions });
        expect({ name, reproductions, leftover: rendered.match(/\{\{|\}\}/g) }).toEqual({ name, reproductions, leftover: null });
      }
    }
  });
});
