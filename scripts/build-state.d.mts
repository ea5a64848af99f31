/** Types of build-state.mjs for the TypeScript callers (bench, tests). */
export interface BuildPart {
  workspace: string;
  outDir: string;
  output: string;
  inputs: string[];
}
export const PARTS: BuildPart[];
export function inputsHash(root: string, part: BuildPart): string;
export function staleReason(root: string, part: BuildPart, hash: string): string | null;
export function recordBuild(root: string, part: BuildPart, hash: string): void;
export function buildParts(root: string, options: { onlyChanged: boolean }): boolean;
