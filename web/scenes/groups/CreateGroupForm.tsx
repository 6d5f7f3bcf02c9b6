import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_CATEGORY_LABELS } from "../../../domain/category-rules";
import {
  createGroupSchema,
  GROUP_NAME_MAX_LENGTH,
  type Group,
  SHARED_GROUP_TYPES,
  type SharedGroupType,
} from "../../../domain/groups";
import { createGroup, groupKeys } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { buttonClass, labelClass } from "../../components/form";
import { GroupIcon } from "../../components/GroupIcon";
import { TextField } from "../../components/TextField";
import { chooseGroup } from "../../stores/current-group";
import { notify } from "../../stores/notifier";
import { GROUP_NAME_PLACEHOLDERS, SUGGESTED_CATEGORIES } from "./suggestions";

const TYPE_CHOICES: Record<SharedGroupType, { label: string; hint: string }> = {
  family: { label: "Family", hint: "A household: chores, meals, school, appointments." },
  team: { label: "Team", hint: "Colleagues or a club: projects, meetings, admin." },
};

/**
 * Creates a family or team group (the caller becomes its owner), makes it the current group and
 * opens its settings, where the next step is inviting people.
 */
export function CreateGroupForm({ type: fixedType }: { type?: SharedGroupType }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [type, setType] = useState<SharedGroupType>(fixedType ?? "family");
  const [categories, setCategories] = useState<string[]>([...SUGGESTED_CATEGORIES[fixedType ?? "family"]]);
  const [problem, setProblem] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: createGroup,
    onSuccess: async (group) => {
      queryClient.setQueryData<Group[]>(groupKeys.all, (old) => [
        ...(old ?? []).filter((other) => other.id !== group.id),
        group,
      ]);
      chooseGroup(group.id);
      notify.success(`${group.name} is ready. Invite the people who share it.`);
      await navigate(`/group-settings?id=${encodeURIComponent(group.id)}`);
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
    onError: (error) => setProblem(error.message),
  });

  function chooseType(next: SharedGroupType) {
    setType(next);
    setCategories([...SUGGESTED_CATEGORIES[next]]);
  }

  function toggle(category: string, on: boolean) {
    setCategories((old) => (on ? [...old, category] : old.filter((item) => item !== category)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createGroupSchema.safeParse({ name, type, categories });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the form");
    setProblem(null);
    create.mutate(parsed.data);
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-5"
      aria-label={fixedType ? `Create a ${fixedType} group` : "Create a group"}
    >
      {!fixedType && (
        <fieldset>
          <legend className={labelClass}>Kind of group</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {SHARED_GROUP_TYPES.map((choice) => (
              <label
                key={choice}
                className="flex cursor-pointer gap-3 rounded-lg border border-line p-3.5 hover:bg-surface-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
              >
                <input
                  type="radio"
                  name="group-type"
                  value={choice}
                  checked={type === choice}
                  onChange={() => chooseType(choice)}
                  className="sr-only"
                />
                <GroupIcon type={choice} className="mt-0.5 size-5 shrink-0 text-brand" />
                <span>
                  <span className="block font-medium">{TYPE_CHOICES[choice].label}</span>
                  <span className="block text-sm text-ink-muted">{TYPE_CHOICES[choice].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        label="Group name"
        value={name}
        required
        maxLength={GROUP_NAME_MAX_LENGTH}
        placeholder={GROUP_NAME_PLACEHOLDERS[type]}
        autoComplete="off"
        onChange={setName}
      />
      <fieldset>
        <legend className={labelClass}>Start with these categories</legend>
        <p className="mt-1 text-sm text-ink-muted">
          Added to the categories every group has ({DEFAULT_CATEGORY_LABELS.join(", ")}). You can change them later.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {SUGGESTED_CATEGORIES[type].map((category) => (
            <label
              key={category}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1.5 text-sm hover:bg-surface-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                type="checkbox"
                checked={categories.includes(category)}
                onChange={(event) => toggle(category, event.target.checked)}
                className="size-4 accent-brand"
              />
              {category}
            </label>
          ))}
        </div>
      </fieldset>
      {problem && <Alert tone="error">{problem}</Alert>}
      <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
        <Plus aria-hidden="true" className="size-4" />
        {create.isPending ? "Creating…" : `Create ${TYPE_CHOICES[type].label.toLowerCase()} group`}
      </button>
    </form>
  );
}
