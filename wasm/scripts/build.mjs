// `npm run build`: the crate compiled for wasm32-unknown-unknown twice,
// plain and with the simd128 feature, then wasm-bindgen (ES modules for the
// web target, with TypeScript declarations) into pkg/, then wasm-opt when it
// is installed. The two builds share one JS glue (checked identical):
// pkg/xiangqi_wasm_bg.wasm runs everywhere, pkg/xiangqi_wasm_simd_bg.wasm
// where WebAssembly SIMD is supported (every current browser and Node 16+);
// index.js picks one at run time. The SIMD build searches about twice as
// fast (the network's arithmetic vectorizes); perft gains nothing.
//
// Needs only Rust with the wasm32-unknown-unknown target and Node. The
// wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate in
// Cargo.lock: it is taken from $WASM_BINDGEN, else from the tools cache
// ($XIANGQI_TOOLS, default ~/.cache/xiangqi-wasm), else from PATH when the
// version matches, else installed from crates.io into the cache with
// `cargo install` (a few minutes, once). wasm-opt (npm `binaryen` or
// Debian's `binaryen`) is used when found on PATH or in node_modules/.bin,
// and skipped otherwise (XIANGQI_WASM_OPT=0 skips it always).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, copyFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { errorsDts } from './errors-dts.mjs';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(here);
const pkg = join(here, 'pkg');

function run(cmd, args, opts = {}) {
  console.error(`> ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} exited with ${r.status}`);
}

function lockedVersion(name) {
  const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
  const m = lock.match(new RegExp(`name = "${name}"\\nversion = "([^"]+)"`));
  if (!m) throw new Error(`${name} is not in Cargo.lock`);
  return m[1];
}

function versionOf(bin) {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().split(/\s+/)[1];
  } catch {
    return null;
  }
}

function wasmBindgen(version) {
  if (process.env.WASM_BINDGEN) return process.env.WASM_BINDGEN;
  const cache = process.env.XIANGQI_TOOLS || join(homedir(), '.cache', 'xiangqi-wasm');
  const dir = join(cache, `wasm-bindgen-cli-${version}`);
  const bin = join(dir, 'bin', 'wasm-bindgen');
  if (versionOf(bin) === version) return bin;
  if (versionOf('wasm-bindgen') === version) return 'wasm-bindgen';
  console.error(`installing wasm-bindgen-cli ${version} into ${dir} (once; a few minutes)`);
  const args = ['install', 'wasm-bindgen-cli', '--version', version, '--root', dir];
  try {
    run('cargo', [...args, '--locked']);
  } catch {
    // A lock file pinning a version the registry no longer offers: resolve
    // the CLI's dependencies afresh.
    run('cargo', args);
  }
  return bin;
}

function wasmOpt() {
  if (process.env.XIANGQI_WASM_OPT === '0') return null;
  const local = join(here, 'node_modules', '.bin', 'wasm-opt');
  if (existsSync(local)) return local;
  return versionOf('wasm-opt') !== null ? 'wasm-opt' : null;
}

const version = lockedVersion('wasm-bindgen');
const bindgen = wasmBindgen(version);

// Release builds; panics abort (wasm32 has no unwinding), and none is
// expected: every export returns a Result. The SIMD build has a target
// directory of its own (its RUSTFLAGS differ).
const target = process.env.CARGO_TARGET_DIR || join(root, 'target');
const flavours = [
  { name: 'baseline', dir: target, flags: '', out: 'xiangqi_wasm_bg.wasm' },
  { name: 'simd', dir: join(target, 'wasm-simd'), flags: '-C target-feature=+simd128', out: 'xiangqi_wasm_simd_bg.wasm' },
];
rmSync(pkg, { recursive: true, force: true });
let glue = null;
for (const f of flavours) {
  const rustflags = [process.env.RUSTFLAGS, f.flags].filter(Boolean).join(' ');
  run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'xiangqi-wasm'], {
    cwd: root,
    env: { ...process.env, CARGO_TARGET_DIR: f.dir, RUSTFLAGS: rustflags, CARGO_PROFILE_RELEASE_PANIC: 'abort' },
  });
  const built = join(f.dir, 'wasm32-unknown-unknown', 'release', 'xiangqi_wasm.wasm');
  const out = f.name === 'baseline' ? pkg : join(pkg, 'simd-tmp');
  run(bindgen, ['--target', 'web', '--out-dir', out, '--out-name', 'xiangqi_wasm', built]);
  const js = readFileSync(join(out, 'xiangqi_wasm.js'), 'utf8');
  if (glue === null) glue = js;
  else if (js !== glue) throw new Error('the SIMD build\'s JS glue differs from the plain build\'s');
  if (out !== pkg) {
    copyFileSync(join(out, 'xiangqi_wasm_bg.wasm'), join(pkg, f.out));
    rmSync(out, { recursive: true, force: true });
  }
  const wasm = join(pkg, f.out);
  const opt = wasmOpt();
  if (opt) {
    run(opt, [
      '-O3',
      '--enable-bulk-memory',
      '--enable-nontrapping-float-to-int',
      '--enable-sign-ext',
      '--enable-mutable-globals',
      '--enable-reference-types',
      '--enable-multivalue',
      ...(f.name === 'simd' ? ['--enable-simd'] : []),
      wasm,
      '-o',
      wasm,
    ]);
  }
  console.error(`pkg/${f.out}: ${statSync(wasm).size} bytes`);
}
if (!wasmOpt()) console.error('wasm-opt not found: the .wasm files are left as wasm-bindgen wrote them');

// The error classes are a wasm-bindgen snippet (pkg/snippets/<crate-hash>/):
// pkg/errors.js re-exports that very module, so that `instanceof` holds for
// what the wasm side throws.
const snippets = join(pkg, 'snippets');
const dirs = readdirSync(snippets).filter((d) => statSync(join(snippets, d)).isDirectory());
if (dirs.length !== 1) throw new Error(`expected one snippet directory, found ${dirs}`);
writeFileSync(join(pkg, 'errors.js'), `export * from './snippets/${dirs[0]}/js/errors.js';\n`);
writeFileSync(join(pkg, 'errors.d.ts'), errorsDts(readFileSync(join(here, 'js', 'errors.js'), 'utf8')));
