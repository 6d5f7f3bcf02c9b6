import { useId, useState } from "react";
import { addDays } from "../../../../domain/time-rules";
import { buttonClass } from "../../../components/form";
import { TabList, TabPanel } from "../../../components/Tabs";
import { WeekStepper } from "../../../components/WeekStepper";
import { useTimeLocale } from "../../../hooks/use-me";
import { EntriesPanel } from "./EntriesPanel";
import { ReportPanel } from "./ReportPanel";
import { RunningTimerCard } from "./RunningTimerCard";
import { thisMonday, weekLabel, weekOf } from "./week";

const TABS = [
  { id: "entries", label: "Entries" },
  { id: "report", label: "Report" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** /time-tracking: the running timer, a week's entries by day, and the week's report with its CSV. */
export default function TimeTrackingPage() {
  const locale = useTimeLocale();
  const [monday, setMonday] = useState(thisMonday);
  const [tab, setTab] = useState<Tab>("entries");
  const week = weekOf(monday);
  const current = monday === thisMonday();
  const baseId = useId();

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Time tracking</h1>
        <p className="mt-1 text-ink-muted">Where your time goes: timers, entries and reports by week.</p>
      </header>

      <RunningTimerCard />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList label="Time tracking views" tabs={TABS} selected={tab} onSelect={setTab} idBase={baseId} />
        <WeekStepper label={weekLabel(week, locale)} onStep={(weeks) => setMonday(addDays(monday, 7 * weeks))}>
          {!current && (
            <button type="button" className={`${buttonClass.secondary} px-3`} onClick={() => setMonday(thisMonday())}>
              This week
            </button>
          )}
        </WeekStepper>
      </div>

      <TabPanel idBase={baseId} tab={tab}>
        {tab === "entries" ? <EntriesPanel week={week} /> : <ReportPanel week={week} />}
      </TabPanel>
    </div>
  );
}
