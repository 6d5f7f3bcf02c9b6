import fs from "node:fs";
import path from "node:path";
import { parseSync } from "vite";

/**
 * Everything the web build (scripts/web-build.ts) reads, found rather than listed by hand: a hand
 * list missed the Vite plugins added after it, so editing them rebuilt nothing.
 *
 * - The folders the app is built from, whole: web/ (its public files are copied as they are),
 *   domain/, content/ (read by the content plugin). Their test files are not part of any build.
 * - The code that builds it: vite.config.ts, scripts/web-build.ts and scripts/prerender.ts, with
 *   every file of the project they import, followed import by import (the Vite plugins and what
 *   they import, server/content, …); the same for files of the folders above that import from
 *   elsewhere in the project.
 * - What decides how it is built: package.json, package-lock.json (the installed libraries and
 *   tools), tsconfig.json.
 *
 * Imports of packages are covered by package-lock.json; an import whose name is computed at run
 * time cannot be followed, and none of the build's code has one outside the folders above.
 */
const FOLDERS = ["web", "domain", "content"];
const ENTRIES = ["vite.config.ts", "scripts/web-build.ts", "scripts/prerender.ts"];
const SETTINGS = ["package.json", "package-lock.json", "tsconfig.json"];

const CODE = /\.(?:[cm]?[jt]sx?)$/;
const TEST = /\.test\.[jt]sx?$/;

/**
 * The inputs' paths, absolute, sorted. Folders are listed too: a file deleted or renamed in one
 * changes the folder's modification time, which a list of the remaining files would not show.
 */
export function webBuildInputs(root: string): string[] {
  return [...inputsOf(root)].sort();
}

/**
 * The inputs one by one, as they are found: the folders' files and the settings first (a walk),
 * then the files the code imports (each code file parsed). A caller that stops early, as
 * webBuildIsStale does at the first input newer than the build, pays only for what it read.
 */
export function* inputsOf(root: string): Generator<string> {
  const inputs = new Set<string>();
  const code: string[] = [];
  const found = (file: string, isFile = true) => {
    inputs.add(file);
    if (isFile && CODE.test(file)) code.push(file);
    return file;
  };
  for (const folder of FOLDERS) {
    for (const [file, isFile] of walk(path.join(root, folder))) yield found(file, isFile);
  }
  for (const file of [...ENTRIES, ...SETTINGS].map((name) => path.join(root, name))) {
    if (fs.existsSync(file) && !inputs.has(file)) yield found(file);
  }
  // Follows imports to files of the project outside the folders, last found first: the build's
  // own code (the entries, then what they import) before the folders' hundreds of files.
  for (let file = code.pop(); file !== undefined; file = code.pop()) {
    for (const imported of relativeImports(file)) {
      const resolved = resolveImport(path.dirname(file), imported);
      if (
        !resolved ||
        inputs.has(resolved) ||
        !isInside(root, resolved) ||
        isInside(path.join(root, "node_modules"), resolved)
      )
        continue;
      yield found(resolved);
    }
  }
}

/** A folder and everything in it but tests, the folder first: each path, and whether it is a file. */
function* walk(directory: string): Generator<[string, boolean]> {
  if (!fs.existsSync(directory)) return;
  yield [directory, false];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!TEST.test(entry.name)) yield [full, true];
  }
}

/** The relative module names a file imports: static and dynamic imports, and re-exports. */
function relativeImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const { module } = parseSync(file, source);
  const names = [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.map((item) => item.moduleRequest?.value ?? "")),
    ...module.dynamicImports.map(({ moduleRequest }) => {
      const literal = /^(["'`])([^"'`$]*)\1$/.exec(source.slice(moduleRequest.start, moduleRequest.end));
      return literal?.[2] ?? "";
    }),
  ];
  return names.filter((name) => name.startsWith("./") || name.startsWith("../"));
}

/** The file a relative import names: as written, or a TypeScript file behind its `.js` name. */
function resolveImport(directory: string, name: string): string | null {
  const target = path.resolve(directory, name);
  const stem = target.replace(/\.[cm]?jsx?$/, "");
  const candidates = [
    target,
    ...[".ts", ".tsx", ".mts", ".cts"].map((extension) => stem + extension),
    ...[".ts", ".tsx", ".js"].map((extension) => path.join(target, `index${extension}`)),
  ];
  return candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
}

function isInside(directory: string, file: string): boolean {
  const relative = path.relative(directory, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
