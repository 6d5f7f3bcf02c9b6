import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../server/env.js";

/**
 * The code and the docs may point a reader only at what the repository holds: a newcomer cannot
 * open the product specification's sections, the design notes kept outside the repository, or
 * the issue tracker, so those are named by what they say (or by a file in docs/), never cited.
 */
const FOLDERS = ["server", "web", "domain", "e2e", "tests", "scripts", "bench", "docs"];
const ROOT_FILES = ["README.md", "vite.config.ts", "vitest.config.ts", "eslint.config.js", ".ci/run"];
const TEXT_FILE = /\.(ts|tsx|js|mjs|css|html|md)$/;
/** Built or measured here, never committed (.gitignore). */
const GENERATED = ["dist/", "bench/results/", "node_modules/"];

const CITATIONS: { what: string; pattern: RegExp }[] = [
  { what: "a section of a document outside the repository", pattern: /§\s*\d/g },
  { what: "the design notes outside the repository", pattern: /\bDESIGN\.md\b/gi },
  { what: "an issue of the tracker", pattern: /\bissues?\s+#?\d+/gi },
];

/**
 * A repository path as text names it: it starts with a top folder, and is not part of a URL, a
 * module id (`virtual:content/about`) or a longer path. It ends before `<`, `*` or `{`, so a
 * pattern such as `content/<slug>.md` checks its folder.
 */
const REPOSITORY_PATH =
  /(?<![\w./@~:$-])((?:server|web|domain|e2e|tests|scripts|bench|docs|content)\/(?:[\w.-]+\/)*[\w.-]*[\w/])/g;
/**
 * A file named by a shorter path, such as `services/transaction.ts` in docs/architecture.md or
 * `./web-build.ts` here: found from the top, below a top folder, beside the file that names it,
 * or as a package's file.
 */
const RELATIVE_FILE = /(?<![\w./@~:$-])((?:[\w.-]+\/)+[\w.-]+\.(?:tsx?|m?js|md|css|json|html))(?![\w/])/g;
const BASES = ["", ...FOLDERS.map((folder) => `${folder}/`), "node_modules/"];
/** Written as examples, not as files of the repository. */
const EXAMPLES = new Set(["./x.js"]);

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (GENERATED.some((prefix) => `${relative}/`.startsWith(prefix))) continue;
    // Installed packages anywhere (bench/lighthouse/ has its own) are other people's text.
    if (entry.isDirectory() && entry.name === "node_modules") continue;
    if (entry.isDirectory()) found.push(...filesUnder(relative));
    else if (TEXT_FILE.test(entry.name)) found.push(relative);
  }
  return found;
}

const FILES = [...FOLDERS.flatMap(filesUnder), ...ROOT_FILES];

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** An import's `.js` names its `.ts` or `.tsx` source. */
function exists(named: string): boolean {
  const candidates = [named];
  if (named.endsWith(".js")) candidates.push(named.replace(/\.js$/, ".ts"), named.replace(/\.js$/, ".tsx"));
  return candidates.some((candidate) => fs.existsSync(path.join(PROJECT_ROOT, candidate)));
}

function existsFrom(file: string, named: string): boolean {
  return [...BASES, `${path.posix.dirname(file)}/`].some((base) => exists(path.posix.join(base, named)));
}

describe("references in the code and the docs", () => {
  it("reads the code and docs of every folder", () => {
    expect(FILES).toEqual(
      expect.arrayContaining(["server/app.ts", "web/sw.ts", "domain/errors.ts", "docs/decisions.md", "README.md"]),
    );
  });

  it("cite no section, design note or issue that is not in the repository", () => {
    const found: string[] = [];
    for (const file of FILES) {
      const text = fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8");
      for (const { what, pattern } of CITATIONS) {
        for (const match of text.matchAll(pattern)) {
          found.push(`${file}:${lineOf(text, match.index)}: "${match[0]}" cites ${what}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("name only files and folders the repository has", () => {
    const missing = new Set<string>();
    for (const file of FILES) {
      const text = fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8");
      for (const match of text.matchAll(REPOSITORY_PATH)) {
        const named = match[1]!;
        if (GENERATED.some((prefix) => `${named}/`.startsWith(prefix)) || exists(named)) continue;
        missing.add(`${file}:${lineOf(text, match.index)}: ${named}`);
      }
      for (const match of text.matchAll(RELATIVE_FILE)) {
        const named = match[1]!;
        if (EXAMPLES.has(named) || GENERATED.some((prefix) => named.startsWith(prefix)) || existsFrom(file, named)) {
          continue;
        }
        missing.add(`${file}:${lineOf(text, match.index)}: ${named}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
