import type { CategoryColor } from "../../domain/categories";

/**
 * A category's colour is stored as a Tailwind class. Written out once here so Tailwind,
 * which only sees class names in the source, generates every one of them.
 */
export const CATEGORY_COLOR_CLASSES: Record<CategoryColor, string> = {
  "bg-blue-500": "bg-blue-500",
  "bg-green-500": "bg-green-500",
  "bg-yellow-500": "bg-yellow-500",
  "bg-red-500": "bg-red-500",
  "bg-purple-500": "bg-purple-500",
  "bg-pink-500": "bg-pink-500",
  "bg-indigo-500": "bg-indigo-500",
  "bg-gray-500": "bg-gray-500",
};
