/**
 * Which koth this is: the package version and the build's hash, both injected by build.mjs
 * (esbuild `define`: package.json's version, and a hash of the sources that make the bundle), so
 * the core reads no file outside itself (test/layering.test.ts). Run from the sources (tsx, the
 * tests' in-process runs) there is no build: both are "src".
 * `koth --version` prints both; a queued job carries them (runner/queue/protocol.ts).
 */
declare const __KOTH_VERSION__: string | undefined;
declare const __KOTH_BUILD__: string | undefined;

/** package.json's version in the bundle, or "src" outside it. */
export const PACKAGE_VERSION: string = typeof __KOTH_VERSION__ === 'string' ? __KOTH_VERSION__ : 'src';

/** The build's hash (12 hex digits), or "src" outside the bundle. */
export function buildHash(): string {
  return typeof __KOTH_BUILD__ === 'string' ? __KOTH_BUILD__ : 'src';
}

/** `0.1.0+1a2b3c4d5e6f`: package version + build hash. */
export function versionWithBuild(): string {
  return `${PACKAGE_VERSION}+${buildHash()}`;
}
