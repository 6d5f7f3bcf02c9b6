/**
 * The category rules, defaults and messages the web app's first page needs, without zod:
 * importing them does not build any schema (domain/categories.ts re-exports them).
 */
/** A category's colour is a Tailwind background class of the 500 shade, e.g. "bg-blue-500". */
export const CATEGORY_COLORS = [
  "bg-blue-500",
  "bg-green-500",
  "bg-yellow-500",
  "bg-red-500",
  "bg-purple-500",
  "bg-pink-500",
  "bg-indigo-500",
  "bg-gray-500",
] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];

/** New categories get a colour from these; gray is kept for "other". */
export const NEW_CATEGORY_COLORS = CATEGORY_COLORS.filter((color) => color !== "bg-gray-500");

/**
 * The colour for a new category in a group whose categories have `used` (oldest first): the first
 * of NEW_CATEGORY_COLORS that the fewest of them have, so categories look apart for as long as
 * there are colours to go round (a random pick gave a family four pink lists of five).
 */
export function nextCategoryColor(used: readonly string[]): CategoryColor {
  const uses = (color: string) => used.filter((taken) => taken === color).length;
  // Of two colours as often used, the one used longer ago: the last few categories differ too.
  const better = (color: string, than: string) =>
    uses(color) < uses(than) || (uses(color) === uses(than) && used.lastIndexOf(color) < used.lastIndexOf(than));
  return NEW_CATEGORY_COLORS.reduce((best, color) => (better(color, best) ? color : best));
}

/** lucide icon names a category may show. */
export const CATEGORY_ICONS = [
  "briefcase",
  "user",
  "shopping-cart",
  "users",
  "folder",
  "heart-pulse",
  "wallet",
  "home",
  "book-open",
  "utensils",
  "car",
  "star",
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export interface DefaultCategory {
  id: string;
  name: string;
  label: string;
  icon: CategoryIcon;
  color: CategoryColor;
  order: number;
  shared: boolean;
}

/** Every group starts with these; they cannot be deleted. */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { id: "work", name: "Work", label: "Work Tasks", icon: "briefcase", color: "bg-blue-500", order: 0, shared: false },
  {
    id: "personal",
    name: "Personal",
    label: "Personal Tasks",
    icon: "user",
    color: "bg-purple-500",
    order: 1,
    shared: false,
  },
  {
    id: "shopping",
    name: "Shopping",
    label: "Shopping List",
    icon: "shopping-cart",
    color: "bg-pink-500",
    order: 2,
    shared: true,
  },
  { id: "group", name: "Group", label: "Family Events", icon: "users", color: "bg-indigo-500", order: 3, shared: true },
  { id: "other", name: "Other", label: "Other Tasks", icon: "folder", color: "bg-gray-500", order: 4, shared: false },
];

export const DEFAULT_CATEGORY_IDS = DEFAULT_CATEGORIES.map((category) => category.id);

/**
 * What a category is called on screen is its label, everywhere: "Work Tasks" …
 * "Other Tasks" for the defaults (whose `name` only gave their id), and the name the user typed
 * for the others (a rename sets both).
 */
export interface CategoryLook {
  id: string;
  label: string;
  icon: CategoryIcon;
  color: CategoryColor;
}

/** The defaults' labels, for text that lists what every group starts with. */
export const DEFAULT_CATEGORY_LABELS = DEFAULT_CATEGORIES.map((category) => category.label);

/**
 * How the category `id` of a task shows, given its group's categories. One the list lacks (the
 * list is not loaded yet, or the task comes from a group whose categories this device has not
 * got) shows as the default of that id, else as its id on a grey folder.
 */
export function categoryLook(categories: readonly CategoryLook[], id: string): CategoryLook {
  const found = categories.find((category) => category.id === id) ?? DEFAULT_CATEGORIES.find((c) => c.id === id);
  if (!found) return { id, label: id, icon: "folder", color: "bg-gray-500" };
  return { id: found.id, label: found.label, icon: found.icon, color: found.color };
}

/** The owner of the default categories. */
export const SYSTEM_OWNER = "system";

/**
 * A category's id is its name lowercased with spaces replaced by dashes; an id that is
 * all digits or does not start with a letter gets a "cat-" prefix; "unknown" inside it becomes
 * "custom". An empty name gives no id (the app ignores it without a word).
 */
export function categoryIdFromName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  let id = trimmed.toLowerCase().replace(/\s+/g, "-");
  id = id.replaceAll("unknown", "custom");
  if (/^\d+$/.test(id) || !/^\p{L}/u.test(id)) id = `cat-${id}`;
  return id;
}

export const CATEGORY_NAME_MAX_LENGTH = 40;
/** How many recently used categories are offered first. */
export const RECENT_CATEGORIES = 5;

export const CATEGORY_MESSAGES = {
  notFound: "Category not found",
  cannotDeleteDefault: "Cannot delete default category",
  exists: "A category with this name already exists",
} as const;

/** The ids the cleanup treats as problematic, as old data has them (their tasks move to "other"). */
export function isProblematicCategoryId(id: string): boolean {
  const trimmed = id.trim();
  return trimmed === "" || /^\d+$/.test(trimmed) || trimmed === "unknown" || trimmed === "unknown-category";
}
