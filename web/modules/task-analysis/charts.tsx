import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { GroupAnalysis } from "../../../domain/analysis";
import { formatMinutes } from "../../../domain/analysis-rules";
import { shortDay, WEEKDAYS } from "./labels";

/**
 * The analysis page's charts, the only code that imports recharts (it loads with this page, never
 * with the app: e2e/first-load-budget.test.ts). Colours are the theme's CSS variables, so the
 * charts follow light and dark without knowing which is on. Each chart is an image named by its
 * summary; the page puts a table of the same numbers beside it. They do not animate: the
 * numbers are the point, and a chart caught mid-animation (a screenshot, a slow phone) misleads.
 */
const INK_MUTED = "var(--tone-ink-muted)";
const LINE = "var(--tone-line)";
const BRAND = "var(--tone-brand)";
const DANGER = "var(--tone-danger)";
const tick = { fill: INK_MUTED, fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: "var(--tone-surface)",
    border: `1px solid ${LINE}`,
    borderRadius: 8,
    color: "var(--tone-ink)",
  },
  labelStyle: { color: "var(--tone-ink)", fontWeight: 600 },
  cursor: { fill: "var(--tone-surface-muted)" },
};

function ChartFrame({
  label,
  height = 224,
  children,
}: {
  label: string;
  height?: number;
  children: React.ReactElement;
}) {
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export function OverdueTrendChart({ weeks, label }: { weeks: GroupAnalysis["overdueTrend"]; label: string }) {
  const data = weeks.map((week) => ({ ...week, week: shortDay(week.weekStart) }));
  return (
    <ChartFrame label={label}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid stroke={LINE} vertical={false} />
        <XAxis dataKey="week" tick={tick} stroke={LINE} interval="preserveStartEnd" minTickGap={12} />
        <YAxis allowDecimals={false} tick={tick} stroke={LINE} width={40} />
        <Tooltip {...tooltipStyle} />
        <Legend wrapperStyle={{ color: INK_MUTED, fontSize: 12 }} />
        <Bar
          dataKey="completed"
          name="Completed"
          fill={BRAND}
          isAnimationActive={false}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
        />
        <Line
          dataKey="overdue"
          name="Overdue at week's end"
          stroke={DANGER}
          strokeWidth={2}
          dot={{ r: 3, fill: DANGER }}
          type="linear"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFrame>
  );
}

export function CategoryChart({ rows, label }: { rows: GroupAnalysis["timePerCategory"]; label: string }) {
  return (
    <ChartFrame label={label} height={Math.max(120, rows.length * 40 + 24)}>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={LINE} horizontal={false} />
        <XAxis type="number" tick={tick} stroke={LINE} tickFormatter={(minutes: number) => formatMinutes(minutes)} />
        <YAxis type="category" dataKey="name" tick={CategoryTick} stroke={LINE} width={112} />
        <Tooltip {...tooltipStyle} formatter={(minutes) => [formatMinutes(Number(minutes)), "Tracked"]} />
        <Bar
          dataKey="minutes"
          name="Tracked"
          fill={BRAND}
          isAnimationActive={false}
          radius={[0, 4, 4, 0]}
          maxBarSize={24}
        />
      </BarChart>
    </ChartFrame>
  );
}

const MAX_CATEGORY_LABEL = 16;

/**
 * A category's name on one line, shortened with an ellipsis past 16 characters: recharts wraps a
 * long name onto lines that run into the next bar's. The full name is in the tooltip and table.
 */
function CategoryTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const name = String(payload?.value ?? "");
  const shown = name.length > MAX_CATEGORY_LABEL ? `${name.slice(0, MAX_CATEGORY_LABEL - 1)}…` : name;
  return (
    <text x={Number(x)} y={Number(y)} dx={-6} dy={4} textAnchor="end" fill={INK_MUTED} fontSize={12}>
      {shown}
    </text>
  );
}

export function BusyDaysChart({ days, label }: { days: GroupAnalysis["busiestDays"]; label: string }) {
  const data = days.map((day) => ({ ...day, day: WEEKDAYS[day.weekday - 1]!.short }));
  return (
    <ChartFrame label={label}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid stroke={LINE} vertical={false} />
        <XAxis dataKey="day" tick={tick} stroke={LINE} />
        <YAxis allowDecimals={false} tick={tick} stroke={LINE} width={40} />
        <Tooltip {...tooltipStyle} />
        <Bar
          dataKey="completed"
          name="Completed"
          fill={BRAND}
          isAnimationActive={false}
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
        />
      </BarChart>
    </ChartFrame>
  );
}
