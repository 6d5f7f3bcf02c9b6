/**
 * A recipe read from a recipe page's schema.org data (JSON-LD), the structured copy most recipe
 * sites and blog plugins publish for search engines. Input is the page's HTML or the JSON-LD text
 * itself; nothing is fetched here, and no HTML parser is loaded: the data sits in
 * <script type="application/ld+json"> blocks, which a pattern finds.
 */

export interface RecipeSection {
  name: string;
  steps: string[];
}

export interface ImportedRecipe {
  name: string;
  description: string;
  ingredients: string[];
  /** Every step in order, sections flattened. */
  steps: string[];
  /** Only when the page groups its steps ("For the dough", "For the filling"). */
  sections?: RecipeSection[];
  totalMinutes: number | null;
  prepMinutes: number | null;
  cookMinutes: number | null;
  servings: number | null;
  /** The yield as the page words it ("4 servings", "1 loaf"). */
  yieldText: string | null;
  tags: string[];
  imageUrl: string | null;
}

export type RecipeImportError = "too-large" | "not-found" | "unreadable";

export type RecipeImportResult =
  { ok: true; recipe: ImportedRecipe } | { ok: false; error: RecipeImportError; message: string };

export const MAX_INPUT_CHARS = 2 * 1024 * 1024;
const MAX_SCRIPTS = 50;
const MAX_DEPTH = 12;
const MAX_INGREDIENTS = 200;
const MAX_STEPS = 200;
const MAX_SECTIONS = 30;
const MAX_TAGS = 30;
const MAX_NAME = 300;
const MAX_TEXT = 5000;

const MESSAGES: Record<RecipeImportError, string> = {
  "too-large": "That page is too large to import (more than 2 MB).",
  "not-found": "No recipe found on that page.",
  unreadable: "The recipe data on that page could not be read.",
};

function failure(error: RecipeImportError): RecipeImportResult {
  return { ok: false, error, message: MESSAGES[error] };
}

export function importRecipe(input: string): RecipeImportResult {
  if (input.length > MAX_INPUT_CHARS) return failure("too-large");
  const trimmed = input.trim();
  const blocks = /^[[{]/.test(trimmed) ? [trimmed] : jsonLdBlocks(trimmed);
  let unreadable = false;
  for (const block of blocks) {
    const data = parseJson(block);
    if (data === undefined) {
      unreadable = true;
      continue;
    }
    const found = findRecipe(data, 0);
    if (found) return { ok: true, recipe: toRecipe(found) };
  }
  return failure(unreadable ? "unreadable" : "not-found");
}

/** The text of each <script type="application/ld+json">, whatever the attribute order, quotes or case. */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[1]!);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
    if (value === "application/ld+json" || value.startsWith("application/ld+json;")) blocks.push(match[2]!);
    if (blocks.length >= MAX_SCRIPTS) break;
  }
  return blocks;
}

function parseJson(text: string): unknown {
  // Some pages wrap the data in a comment or CDATA for old browsers.
  const bare = text
    .trim()
    .replace(/^<!--|-->$/g, "")
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "")
    .trim();
  try {
    return JSON.parse(bare) as unknown;
  } catch {
    // Raw line breaks and tabs inside strings are common in hand-made JSON-LD; JSON forbids them.
    try {
      // eslint-disable-next-line no-control-regex -- control characters are what is being removed
      return JSON.parse(bare.replace(/[\u0000-\u001f]+/g, " ")) as unknown;
    } catch {
      return undefined;
    }
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasType(node: Json, type: string): boolean {
  const types = Array.isArray(node["@type"]) ? node["@type"] : [node["@type"]];
  // "Recipe", "schema:Recipe", "https://schema.org/Recipe"
  return types.some(
    (value) => typeof value === "string" && value.replace(/^.*[/:#]/, "").toLowerCase() === type.toLowerCase(),
  );
}

/** The first Recipe: the data itself, in an array, in @graph, or nested (mainEntity, a list). */
function findRecipe(data: unknown, depth: number): Json | null {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(data)) {
    for (const item of data.slice(0, 500)) {
      const found = findRecipe(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(data)) return null;
  if (hasType(data, "Recipe")) return data;
  for (const key of ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item", "about"]) {
    if (key in data) {
      const found = findRecipe(data[key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

function toRecipe(node: Json): ImportedRecipe {
  const { steps, sections } = instructions(node["recipeInstructions"]);
  const prepMinutes = parseDuration(node["prepTime"]);
  const cookMinutes = parseDuration(node["cookTime"]);
  const totalMinutes =
    parseDuration(node["totalTime"]) ??
    (prepMinutes !== null || cookMinutes !== null ? (prepMinutes ?? 0) + (cookMinutes ?? 0) : null);
  const yields = recipeYield(node["recipeYield"] ?? node["yield"]);
  const recipe: ImportedRecipe = {
    name: truncate(text(node["name"]) || text(node["headline"]), MAX_NAME),
    description: truncate(text(node["description"]), MAX_TEXT),
    ingredients: strings(node["recipeIngredient"] ?? node["ingredients"])
      .map(text)
      .filter(Boolean)
      .slice(0, MAX_INGREDIENTS)
      .map((line) => truncate(line, MAX_NAME)),
    steps,
    totalMinutes,
    prepMinutes,
    cookMinutes,
    servings: yields.servings,
    yieldText: yields.text,
    tags: tags(node),
    imageUrl: imageUrl(node["image"]),
  };
  if (sections) recipe.sections = sections;
  return recipe;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === "string" || typeof item === "number" ? [String(item)] : []));
  return [];
}

function truncate(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

function instructions(value: unknown): { steps: string[]; sections?: RecipeSection[] } {
  const loose: string[] = [];
  const sections: RecipeSection[] = [];
  const items = Array.isArray(value) ? value : [value];
  for (const item of items.slice(0, MAX_STEPS * 2)) {
    if (isObject(item) && hasType(item, "HowToSection")) {
      if (sections.length < MAX_SECTIONS)
        sections.push({ name: text(item["name"]), steps: stepTexts(item["itemListElement"], 0) });
    } else {
      loose.push(...stepTexts(item, 0));
    }
  }
  if (sections.length === 0) return { steps: loose.slice(0, MAX_STEPS) };
  // Steps outside any section (before the first, say) become a section without a name.
  const all = loose.length > 0 ? [{ name: "", steps: loose }, ...sections] : sections;
  const kept: RecipeSection[] = [];
  let count = 0;
  for (const section of all) {
    if (count >= MAX_STEPS) break;
    const steps = section.steps.slice(0, MAX_STEPS - count);
    count += steps.length;
    kept.push({ name: section.name, steps });
  }
  return { steps: kept.flatMap((section) => section.steps), sections: kept };
}

/** Step texts from a string (one step a line or paragraph), a HowToStep, or a list of either. */
function stepTexts(value: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === "string") {
    return value
      .split(/<br\s*\/?>|<\/p>|<\/li>|\n+/i)
      .map(text)
      .filter(Boolean)
      .map((step) => truncate(step, MAX_TEXT));
  }
  if (Array.isArray(value)) return value.slice(0, MAX_STEPS).flatMap((item) => stepTexts(item, depth + 1));
  if (!isObject(value)) return [];
  if (value["itemListElement"] !== undefined && !(typeof value["text"] === "string" && value["text"].trim())) {
    return stepTexts(value["itemListElement"], depth + 1);
  }
  const step = text(value["text"]) || text(value["name"]) || text(value["description"]);
  return step ? [truncate(step, MAX_TEXT)] : [];
}

/** Minutes in an ISO 8601 duration: "PT1H30M" 90, "P0DT45M" 45, "PT90M" 90, "P1D" 1440. */
export function parseDuration(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match =
    /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i.exec(
      value.trim(),
    );
  if (!match || value.trim().toUpperCase() === "P" || /T$/i.test(value.trim())) return null;
  const [weeks, days, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => (part ? Number(part.replace(",", ".")) : 0));
  const total = weeks! * 7 * 24 * 60 + days! * 24 * 60 + hours! * 60 + minutes! + seconds! / 60;
  return Math.round(total);
}

function recipeYield(value: unknown): { servings: number | null; text: string | null } {
  const entries = (Array.isArray(value) ? value : [value])
    .map((item) => (typeof item === "number" ? String(item) : typeof item === "string" ? text(item) : ""))
    .filter(Boolean);
  if (entries.length === 0) return { servings: null, text: null };
  const servings = entries
    .map((entry) => /\d+(?:[.,]\d+)?/.exec(entry)?.[0])
    .map((number) => (number ? Number(number.replace(",", ".")) : NaN))
    .find((number) => Number.isFinite(number) && number > 0);
  // The wording with words in it ("4 portions") says more than a bare "4".
  const worded = entries.find((entry) => /[^\d\s.,]/.test(entry));
  return {
    servings: servings === undefined ? null : Math.round(servings),
    text: truncate(worded ?? entries[0]!, MAX_NAME),
  };
}

function tags(node: Json): string[] {
  const raw = [node["keywords"], node["recipeCategory"], node["recipeCuisine"]].flatMap((value) =>
    strings(value).flatMap((entry) => entry.split(",")),
  );
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of raw) {
    const tag = truncate(text(entry), 60);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
    if (result.length >= MAX_TAGS) break;
  }
  return result;
}

/** An http(s) image address from a string, an ImageObject, or a list of either (the first). */
function imageUrl(value: unknown): string | null {
  const candidates = Array.isArray(value) ? value : [value];
  for (const candidate of candidates.slice(0, 20)) {
    const url =
      typeof candidate === "string"
        ? candidate
        : isObject(candidate)
          ? (candidate["url"] ?? candidate["contentUrl"])
          : undefined;
    if (typeof url === "string" && /^https?:\/\/\S+$/i.test(url.trim())) return decodeEntities(url.trim());
  }
  return null;
}

/**
 * Plain text: HTML tags stripped, entities decoded, control characters (raw or as "&#7;") taken
 * out, white space collapsed. What an import offers must be what saving the recipe accepts.
 */
export function text(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return "";
  const stripped = value
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "");
  // Blog plugins often encode twice ("&amp;#8217;"), so a second pass decodes what the first left.
  return (
    decodeEntities(decodeEntities(stripped))
      .replace(/<[^>]*>/g, "")
      // eslint-disable-next-line no-control-regex -- taking control characters out is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  aacute: "á",
  agrave: "à",
  acirc: "â",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  ntilde: "ñ",
  ccedil: "ç",
  Eacute: "É",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  deg: "°",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  times: "×",
  middot: "·",
  bull: "•",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
};

export function decodeEntities(value: string): string {
  return value.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,8});/gi, (entity, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // Not NUL, not a lone surrogate, within Unicode.
      if (code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return entity;
      return String.fromCodePoint(code);
    }
    return Object.hasOwn(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body]! : entity;
  });
}
