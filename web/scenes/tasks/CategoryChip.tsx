import { CATEGORY_COLOR_CLASSES } from "../../components/category-colors";
import {
  BookOpen,
  Briefcase,
  Car,
  Folder,
  HeartPulse,
  House,
  type LucideIcon,
  ShoppingCart,
  Star,
  User,
  Users,
  UtensilsCrossed,
  Wallet,
} from "lucide-react";
import type { CategoryIcon, CategoryLook } from "../../../domain/category-rules";

const ICONS: Record<CategoryIcon, LucideIcon> = {
  briefcase: Briefcase,
  user: User,
  "shopping-cart": ShoppingCart,
  users: Users,
  folder: Folder,
  "heart-pulse": HeartPulse,
  wallet: Wallet,
  home: House,
  "book-open": BookOpen,
  utensils: UtensilsCrossed,
  car: Car,
  star: Star,
};

/** The category's icon on its colour: decorative, the name is said next to it. */
export function CategoryBadge({ category, size = "sm" }: { category: CategoryLook; size?: "sm" | "md" }) {
  const Icon = ICONS[category.icon] ?? Folder;
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full text-white ${CATEGORY_COLOR_CLASSES[category.color] ?? "bg-gray-500"} ${size === "sm" ? "size-4" : "size-6"}`}
    >
      <Icon className={size === "sm" ? "size-2.5" : "size-3.5"} strokeWidth={2.5} />
    </span>
  );
}

/** The category with its name; `compact` (dense rows) shows only the badge on phones, the name stays for screen readers. */
export function CategoryChip({ category, compact = false }: { category: CategoryLook; compact?: boolean }) {
  return (
    <span
      title={category.label}
      className={`inline-flex max-w-40 items-center gap-1.5 rounded-full text-xs font-medium text-ink ${compact ? "sm:border sm:border-line sm:bg-surface-muted sm:py-0.5 sm:pr-2 sm:pl-0.5" : "border border-line bg-surface-muted py-0.5 pr-2 pl-0.5"}`}
    >
      <CategoryBadge category={category} />
      <span className={compact ? "sr-only sm:not-sr-only sm:truncate" : "truncate"}>
        <span className="sr-only">Category: </span>
        {category.label}
      </span>
    </span>
  );
}
