import { ChevronDown, Tag } from "lucide-react";
import { AISLE_IDS, type AisleId, aisleLabel } from "../../../../domain/shopping/aisles";

/**
 * An item's aisle, which a member can change for the whole group: the phone's own picker (a
 * native select), drawn light. Under its aisle's heading the row shows only a small tag, as the
 * heading already names it; in a store's walk, where rows of all aisles mix, the aisle's name.
 */
export function AisleChoice({
  name,
  aisle,
  shown,
  onAisle,
}: {
  name: string;
  aisle: AisleId;
  /** Whether the row names its aisle (no heading above says it). */
  shown: boolean;
  onAisle: (aisle: AisleId) => void;
}) {
  return (
    <span
      className={`relative flex shrink-0 items-center gap-1 rounded-md text-xs text-ink-muted has-focus-visible:outline-2 has-focus-visible:outline-brand hover:bg-surface-muted hover:text-ink ${shown ? "max-w-[9.5rem] px-1.5 py-1" : "size-8 justify-center"}`}
    >
      <Tag aria-hidden="true" className="size-3.5 shrink-0" />
      {shown && <span className="truncate">{aisleLabel(aisle)}</span>}
      {shown && <ChevronDown aria-hidden="true" className="size-3 shrink-0" />}
      {/* Over the whole chip, unseen: a tap or Enter opens the picker; the chip shows its value. */}
      <select
        aria-label={`Aisle of ${name}`}
        title={`Aisle: ${aisleLabel(aisle)}`}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
        value={aisle}
        onChange={(event) => onAisle(event.target.value as AisleId)}
      >
        {AISLE_IDS.map((id) => (
          <option key={id} value={id}>
            {aisleLabel(id)}
          </option>
        ))}
      </select>
    </span>
  );
}
