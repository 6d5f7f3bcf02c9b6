import { z } from "zod";
import { MAX_ANALYSIS_WEEKS } from "./analysis-rules.js";
import { queryInteger, storableText } from "./fields.js";
import { timeZoneSchema } from "./profiles.js";

export * from "./analysis-rules.js";

/** The task-analysis module's API (docs/analysis.md); the computations are in analysis-rules.ts. */
const id = storableText().min(1).max(100);

export const analysisParamsSchema = z.object({ groupId: id });

export const analysisQuerySchema = z.object({
  /** Only this member's share: tasks they completed (or own, while open) and time they tracked. */
  member: id.optional(),
  weeks: queryInteger({ min: 1, max: MAX_ANALYSIS_WEEKS }).default(4),
  /** The zone weeks and weekdays are counted in: the caller's (IANA name). */
  tz: timeZoneSchema.default("UTC"),
});

const suggestionSchema = z.object({
  kind: z.enum(["overdue", "stale", "uneven-load"]),
  taskId: z.string().nullable(),
  memberId: z.string().nullable(),
  text: z.string(),
});

export const groupAnalysisSchema = z.object({
  groupId: z.string(),
  memberId: z.string().nullable(),
  weeks: z.number().int(),
  timeZone: z.string(),
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
  completionRate: z.object({ completed: z.number().int(), total: z.number().int(), rate: z.number().nullable() }),
  overdueTrend: z.array(z.object({ weekStart: z.string(), overdue: z.number().int(), completed: z.number().int() })),
  timePerCategory: z.array(z.object({ categoryId: z.string(), name: z.string(), minutes: z.number().int() })),
  estimateAccuracy: z.object({
    tasks: z.number().int(),
    medianRatio: z.number().nullable(),
    accurateShare: z.number().nullable(),
  }),
  busiestDays: z.array(z.object({ weekday: z.number().int(), completed: z.number().int(), minutes: z.number().int() })),
  memberLoad: z.array(
    z.object({ memberId: z.string(), name: z.string(), openTasks: z.number().int(), minutes: z.number().int() }),
  ),
  suggestions: z.array(suggestionSchema),
});
export type GroupAnalysis = z.infer<typeof groupAnalysisSchema>;

/** The spec's analyze-task call. */
export const analyzeTaskBodySchema = z.object({ taskId: id });

export const taskAnalysisSchema = z.object({
  taskId: z.string(),
  ageDays: z.number().int(),
  postponements: z.number().int(),
  /** How far the deadline moved later in all, in whole days. */
  deadlineMovedByDays: z.number().int(),
  trackedMinutes: z.number().int(),
  estimateMinutes: z.number().int().nullable(),
  similarTasks: z.array(z.object({ id: z.string(), title: z.string(), minutes: z.number().int() })),
  medianMinutesOfSimilar: z.number().int().nullable(),
  suggestion: z.string().nullable(),
});
export type TaskAnalysis = z.infer<typeof taskAnalysisSchema>;
