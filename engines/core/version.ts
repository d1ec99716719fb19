/**
 * Which koth this is: the package version and the build's hash (build.mjs hashes the sources
 * that make the bundle and injects it as __KOTH_BUILD__; "src" when run from the sources by tsx).
 * `koth --version` prints both; a queued job carries them (runner/queue/protocol.ts).
 */
import pkg from '../../package.json' with { type: 'json' };

declare const __KOTH_BUILD__: string | undefined;

export const PACKAGE_VERSION: string = pkg.version;

/** The build's hash (12 hex digits), or "src" outside the bundle. */
export function buildHash(): string {
  return typeof __KOTH_BUILD__ === 'string' ? __KOTH_BUILD__ : 'src';
}

/** `0.1.0+1a2b3c4d5e6f`: package version + build hash. */
export function versionWithBuild(): string {
  return `${PACKAGE_VERSION}+${buildHash()}`;
}
