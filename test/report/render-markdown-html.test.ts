import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '../../src/report/render-markdown-html.js';

describe('renderMarkdownHtml', () => {
  it.each([
    ['strong, emphasis and inline code', '**Severity:** high, *really*: `a < b`', '<p><strong>Severity:</strong> high, <em>really</em>: <code>a &lt; b</code></p>'],
    ['a code block, escaped', '```js\nif (a && b) {}\n```', '<pre><code>if (a &amp;&amp; b) {}</code></pre>'],
    ['lists, ordered from their start', '- one\n- two\n\n3. three', '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol>'],
    ['a loose list with paragraphs', '- one\n\n- two', '<ul><li><p>one</p></li><li><p>two</p></li></ul>'],
    ['a link as its text and address, never an href', '[the docs](javascript:alert(1))', '<p>the docs (javascript:alert(1))</p>'],
    ['a bare address once', '<https://example.invalid/a>', '<p>https://example.invalid/a</p>'],
    [
      'raw HTML as text',
      '<script>alert("x")</script>\n\nand <b onclick="x">inline</b>',
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<p>and &lt;b onclick=&quot;x&quot;&gt;inline&lt;/b&gt;</p>',
    ],
    ['an image as its alt text', '![a "cat"](https://example.invalid/cat.png)', '<p>a &quot;cat&quot;</p>'],
    ['a heading as a bold line, a quote as a quote', '### R1. Title\n\n> quoted', '<p><b>R1. Title</b></p><blockquote><p>quoted</p></blockquote>'],
  ])('renders %s', (_case, markdown, html) => {
    expect(renderMarkdownHtml(markdown)).toBe(html);
  });
});
