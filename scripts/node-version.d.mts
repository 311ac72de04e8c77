// Types of node-version.mjs (plain JavaScript so it runs before `npm ci`).
export function parseVersion(text: string): [number, number, number] | null;
export function satisfies(version: string | [number, number, number], range: string): boolean;
export function nodeVersionProblem(version: string, range: string, recommended: string): string | null;
export function requireSupportedNode(): void;
