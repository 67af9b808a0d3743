import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';

function run(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** What the figures were taken on: they mean little without it. */
export function machineInfo() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    platform: `${process.platform}-${process.arch}`,
    node: process.version,
    git: run('git', ['--version']),
    // `inotifywait --help` exits 1.
    inotifywait: spawnSync('inotifywait', ['--help'], { encoding: 'utf8' }).stdout?.split('\n')[0] || null,
    filesystem: run('df', ['-T', os.tmpdir()])?.split('\n')[1]?.split(/\s+/)[1] ?? null,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
    date: new Date().toISOString(),
  };
}
