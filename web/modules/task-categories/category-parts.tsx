import { CATEGORY_COLOR_CLASSES } from "../../components/category-colors";
import { Check } from "lucide-react";
import { useId } from "react";
import type { Category, CategoryColor, CategoryIcon } from "../../../domain/categories";
import { CATEGORY_COLORS, CATEGORY_ICONS } from "../../../domain/category-rules";
import { CategoryBadge } from "../../scenes/tasks/CategoryChip";

export const COLOR_NAMES: Record<CategoryColor, string> = {
  "bg-blue-500": "Blue",
  "bg-green-500": "Green",
  "bg-yellow-500": "Yellow",
  "bg-red-500": "Red",
  "bg-purple-500": "Purple",
  "bg-pink-500": "Pink",
  "bg-indigo-500": "Indigo",
  "bg-gray-500": "Gray",
};

export const ICON_NAMES: Record<CategoryIcon, string> = {
  briefcase: "Briefcase",
  user: "Person",
  "shopping-cart": "Shopping cart",
  users: "People",
  folder: "Folder",
  "heart-pulse": "Health",
  wallet: "Wallet",
  home: "Home",
  "book-open": "Book",
  utensils: "Food",
  car: "Car",
  star: "Star",
};

const optionRing =
  "has-[:checked]:ring-2 has-[:checked]:ring-ink has-[:checked]:ring-offset-2 has-[:checked]:ring-offset-surface has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus";

/** The category colours as radio swatches; the colour's name is said, not only shown. */
export function ColorChoice({ category, onChange }: { category: Category; onChange: (color: CategoryColor) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">Colour</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {CATEGORY_COLORS.map((color) => (
          <label
            key={color}
            title={COLOR_NAMES[color]}
            className={`grid size-8 cursor-pointer place-items-center rounded-full ${CATEGORY_COLOR_CLASSES[color]} ${optionRing}`}
          >
            <input
              type="radio"
              name={name}
              value={color}
              checked={category.color === color}
              onChange={() => onChange(color)}
              className="sr-only"
            />
            <span className="sr-only">{COLOR_NAMES[color]}</span>
            {category.color === color && <Check aria-hidden="true" className="size-4 text-white" strokeWidth={3} />}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The icons a category may show, previewed on the category's own colour. */
export function IconChoice({ category, onChange }: { category: Category; onChange: (icon: CategoryIcon) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">Icon</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {CATEGORY_ICONS.map((icon) => (
          <label
            key={icon}
            title={ICON_NAMES[icon]}
            className={`grid size-10 cursor-pointer place-items-center rounded-lg border border-line hover:bg-surface-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft ${optionRing}`}
          >
            <input
              type="radio"
              name={name}
              value={icon}
              checked={category.icon === icon}
              onChange={() => onChange(icon)}
              className="sr-only"
            />
            <span className="sr-only">{ICON_NAMES[icon]}</span>
            <CategoryBadge category={{ ...category, icon }} size="md" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
