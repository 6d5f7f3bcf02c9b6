import { z } from "zod";

/** A module as it stands for one user (and group): what /api/modules answers, beside the registry's definition. */
export const moduleStateSchema = z.object({
  id: z.string(),
  enabled: z.boolean(),
  /** Core and always-on modules: the switch shows locked, with the reason. */
  alwaysOn: z.boolean(),
  lockedReason: z.string().nullable(),
  /** Switched off for everyone in the group the answer is about (false when about no group). */
  offInGroup: z.boolean(),
  /** When the user last switched it (null: never; its default applies). */
  lastToggled: z.string().nullable(),
});
export type ModuleState = z.infer<typeof moduleStateSchema>;

export const toggleModuleSchema = z.object({ enabled: z.boolean() }).strict();
