import { describe, expect, test } from 'vitest';
import { describeAgents, describeLine, describeRange } from '../../src/prepush/render-push-report.js';

const a = 'a'.repeat(40);
const b = 'b'.repeat(40);

describe('what the gate calls things', () => {
  test('refs by their short names; a push under another name shows both', () => {
    expect(describeLine({ localRef: 'refs/heads/main', localSha: a, remoteRef: 'refs/heads/main', remoteSha: null })).toBe('main');
    expect(describeLine({ localRef: 'refs/heads/feature', localSha: a, remoteRef: 'refs/heads/other', remoteSha: null })).toBe('feature → other');
    expect(describeLine({ localRef: 'HEAD', localSha: a, remoteRef: 'refs/heads/x', remoteSha: null })).toBe('HEAD → x');
    expect(describeLine({ localRef: 'refs/tags/v1', localSha: a, remoteRef: 'refs/tags/v1', remoteSha: null })).toBe('tag v1');
    expect(describeLine({ localRef: '(delete)', localSha: null, remoteRef: 'refs/heads/old', remoteSha: b })).toBe('old');
  });

  test('ranges by their count and short shas; a root commit says so', () => {
    expect(describeRange({ subject: `${a}..${b}`, base: a, head: b, commits: 2 })).toBe('2 commits, aaaaaaa..bbbbbbb');
    expect(describeRange({ subject: `${a}..${b}`, base: a, head: b, commits: 1 })).toBe('1 commit, aaaaaaa..bbbbbbb');
    expect(describeRange({ subject: `commit ${b}`, base: null, head: b, commits: 1 })).toBe('root commit bbbbbbb');
  });

  test('agents by their spec, a cmd: agent by its program name', () => {
    expect(describeAgents({ reviewer: 'builtin', responder: 'builtin' })).toBe('builtin on both sides');
    expect(describeAgents({ reviewer: 'claude:opus', responder: 'codex' })).toBe('claude:opus as Reviewer and codex as Responder');
    expect(describeAgents({ reviewer: 'cmd:"/usr/bin/my agent" --x "y"', responder: "cmd:'./bin/peer.sh'" })).toBe('cmd:my agent as Reviewer and cmd:peer.sh as Responder');
  });
});
