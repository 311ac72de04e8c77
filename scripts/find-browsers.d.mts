// Types for find-browsers.mjs (plain JavaScript so `.ci/run` can call it before `npm ci`).
export type BrowserKind = 'chromium' | 'firefox';
export interface Host {
  env: Record<string, string | undefined>;
  isExecutable: (path: string) => boolean;
}
export type Located = { path: string; from: string } | { error: string } | null;
export type System = 'debian' | 'ubuntu' | 'macos' | 'other';
export declare const BROWSERS: Record<
  BrowserKind,
  { label: string; variable: string; debianPackage: string; paths: string[]; commands: string[] }
>;
export declare function realHost(): Host;
export declare function locateBrowser(kind: BrowserKind, host?: Host): Located;
export declare function browserPath(kind: BrowserKind): string;
export declare function systemOf(osRelease: string, platform?: string): System;
export declare function readOsRelease(): string;
export declare function planForMissing(
  missing: BrowserKind[],
  where: { system: System; root: boolean; optOut: boolean },
): { install: string[] } | { advice: string };
