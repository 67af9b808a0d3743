import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticks = null;
/** Clock ticks per second, the unit of utime and stime in /proc/<pid>/stat. */
export function clockTicks() {
  if (ticks === null) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/** `pid` and every process below it, from /proc/<pid>/task/<tid>/children. */
export function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${all[i]}/task`)) {
        const children = readFileSync(`/proc/${all[i]}/task/${task}/children`, 'utf8').trim();
        if (children) all.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // It exited between the listing and the read.
    }
  }
  return all;
}

/** CPU seconds (user + system, all threads) and resident kB of `pid` and its descendants, now. */
export function sampleTree(pid) {
  let cpuTicks = 0;
  let rssKb = 0;
  const pids = processTree(pid);
  for (const one of pids) {
    try {
      const stat = readFileSync(`/proc/${one}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuTicks += Number(fields[11]) + Number(fields[12]);
      const status = readFileSync(`/proc/${one}/status`, 'utf8');
      rssKb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // Gone already.
    }
  }
  return { cpuSeconds: cpuTicks / clockTicks(), rssKb, processes: pids.length };
}
