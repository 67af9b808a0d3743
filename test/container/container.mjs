// What the container suite (`npm run test:container`) needs to build the repository's Dockerfile
// for real, and where it keeps it: podman (Debian's, with runc), and the image the Dockerfile
// starts `FROM`, made here, since no container registry is reachable from this project's machines.
//
// The base image is what `node:20-bookworm-slim` is: Debian bookworm (`debootstrap --variant=minbase`
// from Debian's mirror, made slim as Debian's own images are), Node from the npm registry's
// `node-linux-<arch>` package, npm from its `npm` package, and a `node` user (uid 1000). It is
// tagged with the Dockerfile's own `FROM`, so the Dockerfile is built as a user builds it. The
// downloads are kept in a cache folder (`$CODE_DEBATE_CONTAINER_CACHE`, else
// `$XDG_CACHE_HOME/code-debate/container`, else `~/.cache/...`), each named by its version.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The image the Dockerfile starts from, as podman names `node:20-bookworm-slim`. */
export const baseImage = 'docker.io/library/node:20-bookworm-slim';

export const base = {
  suite: 'bookworm',
  variant: 'minbase',
  mirror: process.env.CODE_DEBATE_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
  /** The Node 20 the image carries: the machines' own, and within the package's `engines`. */
  node: '20.20.2',
  /** The npm that Node 20's own releases bundle. */
  npm: '10.8.2',
  /** Raised when the recipe below changes, so that an image made by the old one is made again. */
  recipe: 2,
};

/** Debian's and Node's names for this machine's architecture. */
const arches = { x64: { debian: 'amd64', node: 'x64' }, arm64: { debian: 'arm64', node: 'arm64' } };

/** The label on the base image that says which recipe and versions made it. */
const label = 'org.code-debate.base';

/** Podman's settings this machine needs (see configurePodman), as a drop-in file of its own. */
export const podmanConfFile = '/etc/containers/containers.conf.d/50-code-debate.conf';
const podmanConf = `# Written by code-debate's test/container/container.mjs for the container suite.
# crun fails on this kind of VM's cgroup mode, and the default rlimits are above what an unprivileged
# container may set here ("error setting rlimit type 7: operation not permitted").
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
`;

function arch() {
  const known = arches[process.arch];
  if (known === undefined) throw new Error(`The container suite makes its base image for x64 or arm64, and this machine is ${process.arch}.`);
  return known;
}

export function cacheDir() {
  return process.env.CODE_DEBATE_CONTAINER_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'code-debate', 'container');
}

/** What made the base image, as its label records it. */
export function baseKey() {
  return `${base.suite}-${base.variant}-${arch().debian}+node-${base.node}+npm-${base.npm}+recipe-${base.recipe}`;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs `command`, its output shown. */
function run(command, args, options = {}) {
  return execFileSync(command, args, { stdio: 'inherit', ...options });
}

/** apt-get, debootstrap, chroot and podman's images of the machine (not a user's) need root, as CI is. */
export function requireRoot() {
  if (process.getuid?.() !== 0)
    throw new Error(
      'The container suite installs packages, makes a Debian system with debootstrap and builds with podman as root: run it as root (CI does), e.g. `sudo npm run test:container`.',
    );
}

/** Installs Debian's podman, runc and debootstrap where one is missing. */
export function installTools(log = (line) => process.stderr.write(`${line}\n`)) {
  const missing = ['podman', 'runc', 'debootstrap'].filter((tool) => !has(tool));
  if (missing.length === 0) return;
  if (!has('apt-get')) throw new Error(`The container suite needs ${missing.join(', ')}, and this machine has no apt-get to install them: install them, then run it again.`);
  log(`installing ${missing.join(', ')} with apt-get`);
  run('apt-get', ['update', '-q']);
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'podman', 'runc', 'debootstrap'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * Makes podman run containers on this machine: runc rather than crun, and rlimits a container may
 * set. A drop-in file, so that a containers.conf of the machine's own is left as it is.
 */
export function configurePodman(log = (line) => process.stderr.write(`${line}\n`)) {
  if (existsSync(podmanConfFile) && readFileSync(podmanConfFile, 'utf8') === podmanConf) return;
  log(`writing ${podmanConfFile}: runtime runc, default_ulimits nofile and nproc`);
  mkdirSync(path.dirname(podmanConfFile), { recursive: true });
  writeFileSync(podmanConfFile, podmanConf);
}

/** `podman ...`, its stdout; throws with podman's stderr when it fails. */
export function podman(args, options = {}) {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

/** The base image's id and what made it (null for an image this script did not make), or null when there is no such image. */
function present() {
  let inspected;
  try {
    inspected = podman(['image', 'inspect', '--format', '{{ .Id }} {{ json .Config.Labels }}', baseImage]).trim();
  } catch {
    return null;
  }
  const [id = '', ...labels] = inspected.split(' ');
  const madeBy = JSON.parse(labels.join(' ') || 'null')?.[label];
  return { id, madeBy: typeof madeBy === 'string' ? madeBy : null };
}

/** Debian's minimal system as debootstrap makes it, once, as a tarball in the cache. */
function debianTarball(log) {
  const file = path.join(cacheDir(), `debian-${base.suite}-${base.variant}-${arch().debian}.tar`);
  if (existsSync(file)) return file;
  const work = mkdtempSync(path.join(cacheDir(), 'debootstrap-'));
  try {
    log(`debootstrap --variant=${base.variant} ${base.suite} from ${base.mirror} (a minute or two, once)`);
    run('debootstrap', [`--variant=${base.variant}`, `--arch=${arch().debian}`, base.suite, path.join(work, 'root'), base.mirror], { stdio: ['ignore', 'ignore', 'inherit'] });
    run('tar', ['-C', path.join(work, 'root'), '--numeric-owner', '-cf', `${file}.partial`, '.']);
    renameSync(`${file}.partial`, file);
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `npm pack` of `spec` into the cache, once; returns the tarball. */
function packed(name, version, log) {
  const file = path.join(cacheDir(), `${name}-${version}.tgz`);
  if (existsSync(file)) return file;
  log(`npm pack ${name}@${version}`);
  const work = mkdtempSync(path.join(cacheDir(), 'pack-'));
  try {
    execFileSync('npm', ['pack', '--silent', '--pack-destination', work, `${name}@${version}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    renameSync(path.join(work, `${name}-${version}.tgz`), file);
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// What Debian's own slim images set (debuerreotype's --slimify and its apt settings): no manuals,
// translations or downloaded packages kept in the image, and apt's sources with security updates
// (from Debian's own host, which no other mirror carries).
const slimFiles = {
  'etc/dpkg/dpkg.cfg.d/docker':
    'path-exclude /usr/share/doc/*\npath-include /usr/share/doc/*/copyright\npath-exclude /usr/share/groff/*\npath-exclude /usr/share/info/*\n' +
    'path-exclude /usr/share/linda/*\npath-exclude /usr/share/lintian/overrides/*\npath-exclude /usr/share/locale/*\npath-exclude /usr/share/man/*\n',
  'etc/apt/apt.conf.d/docker-clean':
    'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };\n' +
    'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };\n' +
    'Dir::Cache::pkgcache "";\nDir::Cache::srcpkgcache "";\n',
  'etc/apt/apt.conf.d/docker-no-languages': 'Acquire::Languages "none";\n',
  'etc/apt/apt.conf.d/docker-gzip-indexes': 'Acquire::GzipIndexes "true";\n',
  'etc/apt/apt.conf.d/docker-autoremove-suggests': 'Apt::AutoRemove::SuggestsImportant "false";\n',
  'etc/apt/sources.list.d/debian.sources': `Types: deb\nURIs: ${base.mirror}\nSuites: ${base.suite} ${base.suite}-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb\nURIs: http://deb.debian.org/debian-security\nSuites: ${base.suite}-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
};

/** The root file system of the base image, put together in `root` from the cached tarballs. */
function assemble(root, debian, node, npm) {
  run('tar', ['-C', root, '--numeric-owner', '-xf', debian]);
  for (const [file, text] of Object.entries(slimFiles)) writeFileSync(path.join(root, file), text);
  rmSync(path.join(root, 'etc/apt/sources.list'), { force: true });
  const script = [
    'set -eu',
    'cd "$1"',
    'rm -rf var/cache/apt/archives/*.deb var/lib/apt/lists/* var/log/apt/* var/log/*.log usr/share/man/* usr/share/locale/* usr/share/info/* usr/share/groff/* usr/share/lintian/overrides/*',
    'find usr/share/doc -mindepth 2 ! -name copyright ! -type d -delete && find usr/share/doc -mindepth 1 -type d -empty -delete',
    // node-linux-<arch> holds bin/node and the headers, left out: nothing in the image compiles an
    // addon. npm comes from its own package, laid out as Node's releases lay it.
    'tar -xzf "$2" -C usr/local --strip-components=1 package/bin/node',
    'mkdir -p usr/local/lib/node_modules/npm && tar -xzf "$3" -C usr/local/lib/node_modules/npm --strip-components=1',
    'ln -s ../lib/node_modules/npm/bin/npm-cli.js usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js usr/local/bin/npx',
    'chroot . groupadd --gid 1000 node && chroot . useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
  ].join('\n');
  run('sh', ['-c', script, 'assemble', root, node, npm]);
}

/**
 * Makes the base image and tags it as the Dockerfile's `FROM`, unless an image made by this recipe,
 * or one this script did not make (pulled from Docker Hub), is there already.
 */
export function ensureBaseImage(log = (line) => process.stderr.write(`${line}\n`)) {
  const before = present();
  if (before?.madeBy === baseKey()) return baseImage;
  // One pulled from a registry, on a machine that reaches one, is what the Dockerfile means: kept.
  if (before !== null && before.madeBy === null) {
    log(`${baseImage} is there already, not made by this script: the suite builds on it`);
    return baseImage;
  }
  mkdirSync(cacheDir(), { recursive: true });
  const debian = debianTarball(log);
  const node = packed(`node-linux-${arch().node}`, base.node, log);
  const npm = packed('npm', base.npm, log);
  const work = mkdtempSync(path.join(cacheDir(), 'image-'));
  try {
    const root = path.join(work, 'root');
    mkdirSync(root);
    log(`making ${baseImage} (${baseKey()})`);
    assemble(root, debian, node, npm);
    const changes = [`ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`, `ENV NODE_VERSION=${base.node}`, `LABEL ${label}=${baseKey()}`, 'CMD ["node"]'];
    const tar = path.join(work, 'root.tar');
    run('tar', ['-C', root, '--numeric-owner', '-cf', tar, '.']);
    podman(['import', ...changes.flatMap((change) => ['--change', change]), tar, baseImage]);
    // The image made by the older recipe goes, unless images built on it still need it.
    if (before !== null) spawnSync('podman', ['image', 'rm', before.id], { stdio: 'ignore' });
    return baseImage;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
