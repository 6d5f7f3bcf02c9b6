import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Priority } from "../task-rules.js";
import { parseQuickAdd, type QuickAddOptions, type QuickAddResult } from "./index.js";

/**
 * The quick-add corpus: what a person types, and what the task must come out as. A row names
 * the title and only the fields it sets; every other field must be empty. `due` is the deadline
 * as "YYYY-MM-DD" or "YYYY-MM-DD HH:MM" in the scene's zone; `parts` lists the highlighted spans.
 */
interface Expected {
  title: string;
  due?: string;
  priority?: Priority;
  category?: string;
  /** The name typed after "#" when no category matched. */
  newCategory?: string;
  rule?: string;
  fromCompletion?: true;
  notes?: string;
  parts?: string;
}
type Row = [input: string, expected: Expected];

interface Scene {
  name: string;
  options: Omit<QuickAddOptions, "categories">;
  rows: Row[];
}

const CATEGORIES = [
  { id: "home", name: "Home" },
  { id: "home-tasks", name: "Home tasks" },
  { id: "work", name: "Work" },
  { id: "shopping", name: "Shopping list" },
  { id: "garden", name: "Garden & Yard" },
  { id: "doctors", name: "Ärzte" },
];

/** Wednesday 4 March 2026, 15:00 in Berlin (14:00 UTC): most rows are typed then. */
const WEDNESDAY = new Date("2026-03-04T14:00:00Z");
const berlin = { now: WEDNESDAY, timeZone: "Europe/Berlin" };

// One line per phrase, however long: the corpus is read as a table.
// prettier-ignore
const SCENES: Scene[] = [
  {
    name: "the examples of the brief (Wed 4 Mar 2026, 15:00 Berlin)",
    options: berlin,
    rows: [
      ["Bins out every monday 7am #Home p1", { title: "Bins out", due: "2026-03-09 07:00", priority: "high", category: "home", rule: "FREQ=WEEKLY;BYDAY=MO", parts: "recurrence:every monday time:7am category:#Home priority:p1" }],
      ["Call mum fri 5pm !! : ask about the weekend", { title: "Call mum", due: "2026-03-06 17:00", priority: "medium", notes: "ask about the weekend", parts: "date:fri time:5pm priority:!! notes:: ask about the weekend" }],
    ],
  },
  {
    name: "days (Wed 4 Mar 2026, 15:00 Berlin)",
    options: berlin,
    rows: [
      ["Buy milk today", { title: "Buy milk", due: "2026-03-04", parts: "date:today" }],
      ["Buy milk tomorrow", { title: "Buy milk", due: "2026-03-05" }],
      ["Call tmrw", { title: "Call", due: "2026-03-05" }],
      ["Call the day after tomorrow", { title: "Call", due: "2026-03-06" }],
      ["Party tonight", { title: "Party", due: "2026-03-04 20:00", parts: "date:tonight" }],
      ["Dentist fri", { title: "Dentist", due: "2026-03-06" }],
      ["Dentist friday", { title: "Dentist", due: "2026-03-06" }],
      ["Dentist on friday", { title: "Dentist", due: "2026-03-06", parts: "date:on friday" }],
      ["Dentist this friday", { title: "Dentist", due: "2026-03-06" }],
      ["Review thu", { title: "Review", due: "2026-03-05" }],
      ["Tidy up mon", { title: "Tidy up", due: "2026-03-09" }],
      ["Gym tue", { title: "Gym", due: "2026-03-10" }],
      // A weekday on that very day is today, or a week on once its time has passed.
      ["Wash car wed", { title: "Wash car", due: "2026-03-04" }],
      ["Call dad wed 6pm", { title: "Call dad", due: "2026-03-04 18:00" }],
      ["Call dad wed 9am", { title: "Call dad", due: "2026-03-11 09:00" }],
      // "next" is chrono's reading: the weekday of the following week.
      ["Dinner next friday", { title: "Dinner", due: "2026-03-13" }],
      ["Dinner next fri 7pm", { title: "Dinner", due: "2026-03-13 19:00", parts: "date:next fri time:7pm" }],
      ["Pay in 3 days", { title: "Pay", due: "2026-03-07" }],
      ["Pay in a week", { title: "Pay", due: "2026-03-11" }],
      ["Pay in two weeks", { title: "Pay", due: "2026-03-18" }],
      ["Pay next week", { title: "Pay", due: "2026-03-11" }],
      ["Plan this weekend", { title: "Plan", due: "2026-03-07" }],
      ["Plan next weekend", { title: "Plan", due: "2026-03-14" }],
      ["Wrap up end of month", { title: "Wrap up", due: "2026-03-31" }],
      ["Gifts dec 24", { title: "Gifts", due: "2026-12-24" }],
      ["Gifts december 24th", { title: "Gifts", due: "2026-12-24" }],
      ["Gifts 24 dec", { title: "Gifts", due: "2026-12-24" }],
      ["Gifts 24th of december", { title: "Gifts", due: "2026-12-24" }],
      ["Gifts 24/12", { title: "Gifts", due: "2026-12-24", parts: "date:24/12" }],
      ["Gifts 24.12.", { title: "Gifts", due: "2026-12-24", parts: "date:24.12." }],
      ["Gifts 24.12.2026", { title: "Gifts", due: "2026-12-24" }],
      ["Dentist 3/4", { title: "Dentist", due: "2026-04-03" }],
      ["Dentist 3.4.", { title: "Dentist", due: "2026-04-03" }],
      ["Taxes 31.5.2027", { title: "Taxes", due: "2027-05-31" }],
      ["Report 2026-03-20", { title: "Report", due: "2026-03-20" }],
      // Past days without a year are next year's.
      ["Dentist jan 2", { title: "Dentist", due: "2027-01-02" }],
      ["Dentist 2/1", { title: "Dentist", due: "2027-01-02" }],
      ["Dentist 1.3.", { title: "Dentist", due: "2027-03-01" }],
      ["Submit by friday", { title: "Submit", due: "2026-03-06", parts: "date:by friday" }],
      ["Submit due friday", { title: "Submit", due: "2026-03-06", parts: "date:due friday" }],
      ["Submit due on friday", { title: "Submit", due: "2026-03-06", parts: "date:due on friday" }],
      ["Until tomorrow finish essay", { title: "finish essay", due: "2026-03-05" }],
      ["Wash car sat", { title: "Wash car", due: "2026-03-07" }],
      ["Mow lawn on sat", { title: "Mow lawn", due: "2026-03-07" }],
      ["Mow lawn sat 10am", { title: "Mow lawn", due: "2026-03-07 10:00" }],
      ["Buy sun cream sun", { title: "Buy sun cream", due: "2026-03-08", parts: "date:sun" }],
      ["Mow lawn sat #Home", { title: "Mow lawn", due: "2026-03-07", category: "home" }],
      ["Dentist 3/4 10am", { title: "Dentist", due: "2026-04-03 10:00" }],
    ],
  },
  {
    name: "times (Wed 4 Mar 2026, 15:00 Berlin)",
    options: berlin,
    rows: [
      ["Call 5pm", { title: "Call", due: "2026-03-04 17:00", parts: "time:5pm" }],
      ["Call at 5pm", { title: "Call", due: "2026-03-04 17:00", parts: "time:at 5pm" }],
      ["Call 5 pm", { title: "Call", due: "2026-03-04 17:00" }],
      ["Call 5:30pm", { title: "Call", due: "2026-03-04 17:30" }],
      ["Call 5.30pm", { title: "Call", due: "2026-03-04 17:30" }],
      ["Call 17:30", { title: "Call", due: "2026-03-04 17:30" }],
      ["Call at 17", { title: "Call", due: "2026-03-04 17:00" }],
      ["Pick up kids 3:30pm", { title: "Pick up kids", due: "2026-03-04 15:30" }],
      // A time alone is its next coming: today while still ahead, else tomorrow.
      ["Call 9am", { title: "Call", due: "2026-03-05 09:00" }],
      ["Call 15:00", { title: "Call", due: "2026-03-05 15:00" }],
      ["Call 15:01", { title: "Call", due: "2026-03-04 15:01" }],
      ["Meeting 10:30", { title: "Meeting", due: "2026-03-05 10:30" }],
      ["Standup 9:15", { title: "Standup", due: "2026-03-05 09:15" }],
      ["Call 12am", { title: "Call", due: "2026-03-05 00:00" }],
      ["Lunch at noon", { title: "Lunch", due: "2026-03-05 12:00", parts: "time:at noon" }],
      ["Lunch midday", { title: "Lunch", due: "2026-03-05 12:00" }],
      ["Meet tomorrow at noon", { title: "Meet", due: "2026-03-05 12:00", parts: "date:tomorrow time:at noon" }],
      ["Call fri 5pm", { title: "Call", due: "2026-03-06 17:00", parts: "date:fri time:5pm" }],
      ["Call 5pm fri", { title: "Call", due: "2026-03-06 17:00", parts: "time:5pm date:fri" }],
      ["Call mum, fri, 5pm", { title: "Call mum", due: "2026-03-06 17:00" }],
      ["Call fri at 5pm", { title: "Call", due: "2026-03-06 17:00", parts: "date:fri time:at 5pm" }],
      ["Gifts 24/12 5pm", { title: "Gifts", due: "2026-12-24 17:00" }],
      // Times of day in words: morning 09:00, afternoon 15:00, evening 19:00, tonight 20:00.
      ["Gym tomorrow morning", { title: "Gym", due: "2026-03-05 09:00", parts: "date:tomorrow time:morning" }],
      ["Jog fri morning", { title: "Jog", due: "2026-03-06 09:00" }],
      ["Walk this afternoon", { title: "Walk", due: "2026-03-04 15:00" }],
      ["Read this evening", { title: "Read", due: "2026-03-04 19:00" }],
      ["Party tonight 9pm", { title: "Party", due: "2026-03-04 21:00" }],
      // "in N hours" counts real time, through the zone.
      ["Check oven in 2 hours", { title: "Check oven", due: "2026-03-04 17:00" }],
      ["Check oven in 30 minutes", { title: "Check oven", due: "2026-03-04 15:30" }],
      ["Check oven in half an hour", { title: "Check oven", due: "2026-03-04 15:30" }],
      ["Leave in 10 hours", { title: "Leave", due: "2026-03-05 01:00" }],
      // "at 5" could be morning or afternoon: the day is taken, the doubtful time stays text.
      ["Call mum friday at 5", { title: "Call mum at 5", due: "2026-03-06", parts: "date:friday" }],
    ],
  },
  {
    name: "priorities",
    options: berlin,
    rows: [
      ["Pay rent p1", { title: "Pay rent", priority: "high", parts: "priority:p1" }],
      ["Pay rent p2", { title: "Pay rent", priority: "medium" }],
      ["Pay rent p3", { title: "Pay rent", priority: "low" }],
      ["Pay rent p4", { title: "Pay rent", priority: "low" }],
      ["Pay rent P1", { title: "Pay rent", priority: "high" }],
      ["p1 Pay rent", { title: "Pay rent", priority: "high" }],
      ["Pay rent !!!", { title: "Pay rent", priority: "high" }],
      ["Pay rent !!", { title: "Pay rent", priority: "medium" }],
      ["Pay rent !", { title: "Pay rent", priority: "low" }],
      ["Pay rent p1 p3", { title: "Pay rent p3", priority: "high" }],
      ["!! fix leak", { title: "fix leak", priority: "medium" }],
    ],
  },
  {
    name: "categories",
    options: berlin,
    rows: [
      ["Water plants #home", { title: "Water plants", category: "home", parts: "category:#home" }],
      ["Water plants #HOME", { title: "Water plants", category: "home" }],
      ["Water plants #Home_tasks", { title: "Water plants", category: "home-tasks" }],
      ["Water plants #home-tasks", { title: "Water plants", category: "home-tasks" }],
      ['#"Home tasks" water plants', { title: "water plants", category: "home-tasks", parts: 'category:#"Home tasks"' }],
      ["Buy milk #Shopping", { title: "Buy milk", category: "shopping" }],
      ["Weed beds #garden", { title: "Weed beds", category: "garden" }],
      ["Weed beds #yard", { title: "Weed beds", category: "garden" }],
      ["Sort receipts #tasks", { title: "Sort receipts", category: "home-tasks" }],
      ["Book checkup #Ärzte", { title: "Book checkup", category: "doctors" }],
      ["Book checkup #arzte", { title: "Book checkup", category: "doctors" }],
      ["Plan trip #travel", { title: "Plan trip", newCategory: "travel" }],
      ['Plan trip #"Summer holiday"', { title: "Plan trip", newCategory: "Summer holiday" }],
      ["Buy milk #Home, eggs", { title: "Buy milk, eggs", category: "home" }],
      ["#Work #Home report", { title: "#Home report", category: "work" }],
      ["Fix #Work.", { title: "Fix.", category: "work" }],
    ],
  },
  {
    name: "repeats (Wed 4 Mar 2026, 15:00 Berlin)",
    options: berlin,
    rows: [
      ["Water plants every day", { title: "Water plants", due: "2026-03-04", rule: "FREQ=DAILY", parts: "recurrence:every day" }],
      ["Water plants daily", { title: "Water plants", due: "2026-03-04", rule: "FREQ=DAILY" }],
      ["Water plants each day", { title: "Water plants", due: "2026-03-04", rule: "FREQ=DAILY" }],
      ["Stretch every day at 7am", { title: "Stretch", due: "2026-03-05 07:00", rule: "FREQ=DAILY", parts: "recurrence:every day time:at 7am" }],
      ["Stretch every day 6pm", { title: "Stretch", due: "2026-03-04 18:00", rule: "FREQ=DAILY" }],
      ["Water plants daily 7am", { title: "Water plants", due: "2026-03-05 07:00", rule: "FREQ=DAILY" }],
      ["Backup every 3 days", { title: "Backup", due: "2026-03-04", rule: "FREQ=DAILY;INTERVAL=3" }],
      ["Feed fish every other day", { title: "Feed fish", due: "2026-03-04", rule: "FREQ=DAILY;INTERVAL=2" }],
      ["Standup every weekday", { title: "Standup", due: "2026-03-04", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
      ["Standup every weekday 9am", { title: "Standup", due: "2026-03-05 09:00", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
      ["Standup every workday", { title: "Standup", due: "2026-03-04", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
      ["Mow every weekend", { title: "Mow", due: "2026-03-07", rule: "FREQ=WEEKLY;BYDAY=SA,SU" }],
      ["Bins every monday", { title: "Bins", due: "2026-03-09", rule: "FREQ=WEEKLY;BYDAY=MO" }],
      ["Bins every mondays", { title: "Bins", due: "2026-03-09", rule: "FREQ=WEEKLY;BYDAY=MO" }],
      ["Gym every mon and thu", { title: "Gym", due: "2026-03-05", rule: "FREQ=WEEKLY;BYDAY=MO,TH" }],
      ["Gym every thu & mon", { title: "Gym", due: "2026-03-05", rule: "FREQ=WEEKLY;BYDAY=MO,TH" }],
      ["Gym every monday, wednesday and friday 6pm", { title: "Gym", due: "2026-03-04 18:00", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR" }],
      ["Gym every mon, wed, fri 9am", { title: "Gym", due: "2026-03-06 09:00", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR" }],
      ["Review weekly", { title: "Review", due: "2026-03-04", rule: "FREQ=WEEKLY" }],
      ["Review weekly on fri", { title: "Review", due: "2026-03-06", rule: "FREQ=WEEKLY;BYDAY=FR" }],
      ["Review every week", { title: "Review", due: "2026-03-04", rule: "FREQ=WEEKLY" }],
      ["Review every week on tue", { title: "Review", due: "2026-03-10", rule: "FREQ=WEEKLY;BYDAY=TU" }],
      ["Pay cleaner every 2 weeks", { title: "Pay cleaner", due: "2026-03-04", rule: "FREQ=WEEKLY;INTERVAL=2" }],
      ["Payroll every other week", { title: "Payroll", due: "2026-03-04", rule: "FREQ=WEEKLY;INTERVAL=2" }],
      ["Sync fortnightly", { title: "Sync", due: "2026-03-04", rule: "FREQ=WEEKLY;INTERVAL=2" }],
      ["Call gran every other sunday", { title: "Call gran", due: "2026-03-08", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU" }],
      ["Call gran every 2 weeks on sun", { title: "Call gran", due: "2026-03-08", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU" }],
      ["Rent every month on the 15th", { title: "Rent", due: "2026-03-15", rule: "FREQ=MONTHLY;BYMONTHDAY=15" }],
      ["Rent monthly on the 1st", { title: "Rent", due: "2026-04-01", rule: "FREQ=MONTHLY;BYMONTHDAY=1" }],
      ["Pay card every 1st", { title: "Pay card", due: "2026-04-01", rule: "FREQ=MONTHLY;BYMONTHDAY=1" }],
      ["Pay card every 4th", { title: "Pay card", due: "2026-03-04", rule: "FREQ=MONTHLY;BYMONTHDAY=4" }],
      ["Salary every 31st", { title: "Salary", due: "2026-03-31", rule: "FREQ=MONTHLY;BYMONTHDAY=31" }],
      ["Report monthly", { title: "Report", due: "2026-03-04", rule: "FREQ=MONTHLY" }],
      ["Report every 3 months", { title: "Report", due: "2026-03-04", rule: "FREQ=MONTHLY;INTERVAL=3" }],
      ["Invoice every last day of the month", { title: "Invoice", due: "2026-03-31", rule: "FREQ=MONTHLY;BYMONTHDAY=-1" }],
      ["Invoice every month end", { title: "Invoice", due: "2026-03-31", rule: "FREQ=MONTHLY;BYMONTHDAY=-1" }],
      ["Team drinks every last friday", { title: "Team drinks", due: "2026-03-27", rule: "FREQ=MONTHLY;BYDAY=-1FR" }],
      ["Book club every first monday", { title: "Book club", due: "2026-04-06", rule: "FREQ=MONTHLY;BYDAY=1MO" }],
      ["Council every 2nd tuesday", { title: "Council", due: "2026-03-10", rule: "FREQ=MONTHLY;BYDAY=2TU" }],
      ["Council every third thursday of the month", { title: "Council", due: "2026-03-19", rule: "FREQ=MONTHLY;BYDAY=3TH" }],
      ["Rent every month on the last friday", { title: "Rent", due: "2026-03-27", rule: "FREQ=MONTHLY;BYDAY=-1FR" }],
      ["Birthday every year", { title: "Birthday", due: "2026-03-04", rule: "FREQ=YEARLY" }],
      ["Taxes yearly", { title: "Taxes", due: "2026-03-04", rule: "FREQ=YEARLY" }],
      ["Taxes annually", { title: "Taxes", due: "2026-03-04", rule: "FREQ=YEARLY" }],
      ["Anniversary every dec 24", { title: "Anniversary", due: "2026-12-24", rule: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24" }],
      ["Anniversary every 24th of december", { title: "Anniversary", due: "2026-12-24", rule: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24" }],
      ["Leap party every feb 29", { title: "Leap party", due: "2028-02-29", rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29" }],
      // "every!" or a following "after completion" / "after done": counted from completion.
      ["Water every! 3 days", { title: "Water", due: "2026-03-04", rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true }],
      ["Haircut every! 6 weeks", { title: "Haircut", due: "2026-03-04", rule: "FREQ=WEEKLY;INTERVAL=6", fromCompletion: true }],
      ["Descale every 3 days after done", { title: "Descale", due: "2026-03-04", rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true, parts: "recurrence:every 3 days after done" }],
      ["Clean every 2 weeks after completion", { title: "Clean", due: "2026-03-04", rule: "FREQ=WEEKLY;INTERVAL=2", fromCompletion: true }],
      ["Refill every month from completion p2", { title: "Refill", due: "2026-03-04", rule: "FREQ=MONTHLY", fromCompletion: true, priority: "medium" }],
      // A day said with the repeat is where it starts.
      ["Yoga every monday from dec 1", { title: "Yoga", due: "2026-12-07", rule: "FREQ=WEEKLY;BYDAY=MO", parts: "recurrence:every monday date:from dec 1" }],
      ["Pills every day starting tomorrow", { title: "Pills", due: "2026-03-05", rule: "FREQ=DAILY" }],
      ["Pills every day starting tomorrow 8am", { title: "Pills", due: "2026-03-05 08:00", rule: "FREQ=DAILY" }],
      ["Swim every other week from fri", { title: "Swim", due: "2026-03-06", rule: "FREQ=WEEKLY;INTERVAL=2" }],
      ["Standup every weekday 9:30 #Work p2 : status", { title: "Standup", due: "2026-03-05 09:30", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", category: "work", priority: "medium", notes: "status" }],
      // Everything understood: the title keeps the whole line.
      ["every day", { title: "every day", due: "2026-03-04", rule: "FREQ=DAILY" }],
    ],
  },
  {
    name: "notes and titles",
    options: berlin,
    rows: [
      ["Call mum : ask about the weekend", { title: "Call mum", notes: "ask about the weekend", parts: "notes:: ask about the weekend" }],
      ["Meeting 10:30 : bring slides", { title: "Meeting", due: "2026-03-05 10:30", notes: "bring slides" }],
      ["Buy : milk, eggs", { title: "Buy", notes: "milk, eggs" }],
      ["Plan trip : fly fri 5pm, book hotel p1 #Work", { title: "Plan trip", notes: "fly fri 5pm, book hotel p1 #Work" }],
      ["Call bank : re: the loan : urgent", { title: "Call bank", notes: "re: the loan : urgent" }],
      ["Re: invoice from Bob", { title: "Re: invoice from Bob" }],
      ["Note: call back", { title: "Note: call back" }],
      ["Email boss re: raise", { title: "Email boss re: raise" }],
      ["Todo :", { title: "Todo :" }],
      ["Call mum - tomorrow", { title: "Call mum", due: "2026-03-05" }],
      ["tomorrow: call bank", { title: "call bank", due: "2026-03-05" }],
      ["Pay   rent    p1", { title: "Pay rent", priority: "high" }],
      ["  Buy milk  ", { title: "Buy milk" }],
      ["p1", { title: "p1", priority: "high" }],
      ["tomorrow 5pm", { title: "tomorrow 5pm", due: "2026-03-05 17:00" }],
    ],
  },
  {
    name: "words that look like dates, priorities or repeats, and are not",
    options: berlin,
    rows: [
      ["Mayfair flat viewing", { title: "Mayfair flat viewing" }],
      ["Check monday.com board", { title: "Check monday.com board" }],
      ["Fix Sat nav", { title: "Fix Sat nav" }],
      ["Wear sun cream", { title: "Wear sun cream" }],
      ["Mon ami Pierre", { title: "Mon ami Pierre" }],
      ["Watch March of the penguins", { title: "Watch March of the penguins" }],
      ["Call Jan", { title: "Call Jan" }],
      ["Call Jan 5pm", { title: "Call Jan", due: "2026-03-04 17:00" }],
      ["Meet April", { title: "Meet April" }],
      ["May I borrow the car", { title: "May I borrow the car" }],
      ["Second opinion", { title: "Second opinion" }],
      ["Sue the landlord", { title: "Sue the landlord" }],
      ["Plan the weekend", { title: "Plan the weekend" }],
      ["Report tomorrow's numbers", { title: "Report tomorrow's numbers" }],
      ["Review last friday's notes", { title: "Review last friday's notes" }],
      ["Write up yesterday", { title: "Write up yesterday" }],
      ["Do it now", { title: "Do it now" }],
      ["Midnight snack", { title: "Midnight snack" }],
      ["Morning run", { title: "Morning run" }],
      ["Night shift", { title: "Night shift" }],
      ["Book evening class", { title: "Book evening class" }],
      ["Meet at 5", { title: "Meet at 5" }],
      ["Sat at 5", { title: "Sat at 5" }],
      ["Add 1/2 cup flour", { title: "Add 1/2 cup flour" }],
      ["Read 1984", { title: "Read 1984" }],
      ["Study 2 hours", { title: "Study 2 hours" }],
      ["Pack for 3 days", { title: "Pack for 3 days" }],
      ["Flight 17h", { title: "Flight 17h" }],
      ["Ship v1.2.3", { title: "Ship v1.2.3" }],
      ["Buy 3.5 kg rice", { title: "Buy 3.5 kg rice" }],
      ["Read chapters 5-6", { title: "Read chapters 5-6" }],
      ["Room 101", { title: "Room 101" }],
      ["Buy 12 eggs", { title: "Buy 12 eggs" }],
      ["Call 0800 123 456", { title: "Call 0800 123 456" }],
      ["Next month's budget", { title: "Next month's budget" }],
      ["Budget next month", { title: "Budget next month" }],
      ["Fix p10 valve", { title: "Fix p10 valve" }],
      ["Buy mp3 player", { title: "Buy mp3 player" }],
      ["Hi!", { title: "Hi!" }],
      ["Wow!! great", { title: "Wow!! great" }],
      ["!important thing", { title: "!important thing" }],
      ["Do it !!!!", { title: "Do it !!!!" }],
      ["Fill p5 form", { title: "Fill p5 form" }],
      ["Call #1 client", { title: "Call #1 client" }],
      ["Pay invoice #4521", { title: "Pay invoice #4521" }],
      ["Email re#home", { title: "Email re#home" }],
      ["Prepare weekly report", { title: "Prepare weekly report" }],
      ["Daily standup notes", { title: "Daily standup notes" }],
      ["Everyday carry bag", { title: "Everyday carry bag" }],
      ["Every time counts", { title: "Every time counts" }],
      ["Thank everyone", { title: "Thank everyone" }],
      ["every end", { title: "every end" }],
      ["every 0 days", { title: "every 0 days" }],
      ["every feb 30", { title: "every feb 30" }],
    ],
  },
  {
    name: "the same instant in Auckland (Thu 5 Mar, 03:00)",
    options: { now: WEDNESDAY, timeZone: "Pacific/Auckland" },
    rows: [
      ["Call today", { title: "Call", due: "2026-03-05" }],
      ["Call tomorrow", { title: "Call", due: "2026-03-06" }],
      ["Call 5pm", { title: "Call", due: "2026-03-05 17:00" }],
      ["Call 2am", { title: "Call", due: "2026-03-06 02:00" }],
      ["Call thu", { title: "Call", due: "2026-03-05" }],
      ["Call fri", { title: "Call", due: "2026-03-06" }],
      ["Call in 2 hours", { title: "Call", due: "2026-03-05 05:00" }],
      ["Bins every monday", { title: "Bins", due: "2026-03-09", rule: "FREQ=WEEKLY;BYDAY=MO" }],
    ],
  },
  {
    name: "the same instant in New York (Wed 4 Mar, 09:00)",
    options: { now: WEDNESDAY, timeZone: "America/New_York" },
    rows: [
      ["Call today", { title: "Call", due: "2026-03-04" }],
      ["Call 9am", { title: "Call", due: "2026-03-05 09:00" }],
      ["Call 10am", { title: "Call", due: "2026-03-04 10:00" }],
      ["Call tonight", { title: "Call", due: "2026-03-04 20:00" }],
      ["Pay in 3 days", { title: "Pay", due: "2026-03-07" }],
      ["Standup every weekday 9:30", { title: "Standup", due: "2026-03-04 09:30", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }],
    ],
  },
  {
    name: "a zone the runtime does not know counts as UTC (14:00)",
    options: { now: WEDNESDAY, timeZone: "Mars/Olympus_Mons" },
    rows: [["Call 5pm", { title: "Call", due: "2026-03-04 17:00" }]],
  },
  {
    name: "year end (Thu 31 Dec 2026, 21:00 Berlin)",
    options: { now: new Date("2026-12-31T20:00:00Z"), timeZone: "Europe/Berlin" },
    rows: [
      ["Party dec 31", { title: "Party", due: "2026-12-31" }],
      ["Party 31/12", { title: "Party", due: "2026-12-31" }],
      ["Fireworks dec 31 11pm", { title: "Fireworks", due: "2026-12-31 23:00" }],
      ["Call 11:30pm", { title: "Call", due: "2026-12-31 23:30" }],
      ["Call 5pm", { title: "Call", due: "2027-01-01 17:00" }],
      ["Call tomorrow", { title: "Call", due: "2027-01-01" }],
      ["Gym jan 2", { title: "Gym", due: "2027-01-02" }],
      ["Gifts dec 24", { title: "Gifts", due: "2027-12-24" }],
      ["Gifts 24.12.", { title: "Gifts", due: "2027-12-24" }],
      ["Plan in 3 days", { title: "Plan", due: "2027-01-03" }],
      ["Review fri", { title: "Review", due: "2027-01-01" }],
      ["Review next friday", { title: "Review", due: "2027-01-08" }],
      ["Taxes every year", { title: "Taxes", due: "2026-12-31", rule: "FREQ=YEARLY" }],
      ["Rent every month on the 15th", { title: "Rent", due: "2027-01-15", rule: "FREQ=MONTHLY;BYMONTHDAY=15" }],
      ["Resolutions every jan 1", { title: "Resolutions", due: "2027-01-01", rule: "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1" }],
      ["Reset every day 9pm", { title: "Reset", due: "2027-01-01 21:00", rule: "FREQ=DAILY" }],
    ],
  },
  {
    name: "December (Thu 10 Dec 2026, 13:00 Berlin)",
    options: { now: new Date("2026-12-10T12:00:00Z"), timeZone: "Europe/Berlin" },
    rows: [
      ["Gym jan 2", { title: "Gym", due: "2027-01-02" }],
      ["Gym 2/1", { title: "Gym", due: "2027-01-02" }],
      ["Gifts dec 24", { title: "Gifts", due: "2026-12-24" }],
      ["Gifts dec 10", { title: "Gifts", due: "2026-12-10" }],
      ["Gifts dec 9", { title: "Gifts", due: "2027-12-09" }],
    ],
  },
  {
    // Clocks go from 02:00 to 03:00 on Sunday 29 March: 02:30 does not exist that night. The
    // deadline is a wall-clock time in its zone, so it keeps what was typed; reminders
    // (domain/reminders.ts) count such a time an hour later.
    name: "daylight saving starts in Berlin (Sat 28 Mar 2026, 12:00 CET)",
    options: { now: new Date("2026-03-28T11:00:00Z"), timeZone: "Europe/Berlin" },
    rows: [
      ["Night shift sunday 2:30am", { title: "Night shift", due: "2026-03-29 02:30" }],
      ["Night shift tomorrow 2:30am", { title: "Night shift", due: "2026-03-29 02:30" }],
      ["Bake every day 2:30am", { title: "Bake", due: "2026-03-29 02:30", rule: "FREQ=DAILY" }],
      // 24 hours on, the clock shows 13:00: the day was 23 hours long.
      ["Call in 24 hours", { title: "Call", due: "2026-03-29 13:00" }],
      ["Call tomorrow", { title: "Call", due: "2026-03-29" }],
    ],
  },
  {
    name: "the night of the change in Berlin (Sun 29 Mar 2026, 01:30 CET)",
    options: { now: new Date("2026-03-29T00:30:00Z"), timeZone: "Europe/Berlin" },
    rows: [
      ["Check 2:30am", { title: "Check", due: "2026-03-29 02:30" }],
      ["Check 3:30am", { title: "Check", due: "2026-03-29 03:30" }],
      ["Check in 2 hours", { title: "Check", due: "2026-03-29 04:30" }],
      ["Check in 20 minutes", { title: "Check", due: "2026-03-29 01:50" }],
      ["Relax this weekend", { title: "Relax", due: "2026-03-29" }],
      ["Relax next weekend", { title: "Relax", due: "2026-04-04" }],
      ["Call sunday", { title: "Call", due: "2026-03-29" }],
    ],
  },
  {
    // Clocks go back from 03:00 to 02:00 on Sunday 25 October: 02:30 comes twice.
    name: "daylight saving ends in Berlin (Sat 24 Oct 2026, 12:00 CEST)",
    options: { now: new Date("2026-10-24T10:00:00Z"), timeZone: "Europe/Berlin" },
    rows: [
      ["Night shift sunday 2:30am", { title: "Night shift", due: "2026-10-25 02:30" }],
      ["Call in 24 hours", { title: "Call", due: "2026-10-25 11:00" }],
    ],
  },
  {
    name: "daylight saving starts in New York (Sat 7 Mar 2026, 12:00 EST)",
    options: { now: new Date("2026-03-07T17:00:00Z"), timeZone: "America/New_York" },
    rows: [
      ["Night shift sunday 2:30am", { title: "Night shift", due: "2026-03-08 02:30" }],
      ["Call in 24 hours", { title: "Call", due: "2026-03-08 13:00" }],
    ],
  },
  {
    name: "the night of the change in New York (Sun 8 Mar 2026, 01:30 EST)",
    options: { now: new Date("2026-03-08T06:30:00Z"), timeZone: "America/New_York" },
    rows: [
      ["Check 2:30am", { title: "Check", due: "2026-03-08 02:30" }],
      ["Check in 1 hour", { title: "Check", due: "2026-03-08 03:30" }],
      ["Check in half an hour", { title: "Check", due: "2026-03-08 03:00" }],
    ],
  },
  {
    name: "daylight saving ends in New York (Sat 31 Oct 2026, 12:00 EDT)",
    options: { now: new Date("2026-10-31T16:00:00Z"), timeZone: "America/New_York" },
    rows: [["Night shift sunday 1:30am", { title: "Night shift", due: "2026-11-01 01:30" }]],
  },
  {
    name: "daylight saving ends in Auckland (Sat 4 Apr 2026, 12:00 NZDT)",
    options: { now: new Date("2026-04-03T23:00:00Z"), timeZone: "Pacific/Auckland" },
    rows: [
      ["Night shift sunday 2:30am", { title: "Night shift", due: "2026-04-05 02:30" }],
      ["Call in 24 hours", { title: "Call", due: "2026-04-05 11:00" }],
      ["Call tomorrow 9am", { title: "Call", due: "2026-04-05 09:00" }],
    ],
  },
  {
    name: "American English reads 3/4 as March 4",
    options: { ...berlin, locale: "en-US" },
    rows: [
      ["Dentist 3/4", { title: "Dentist", due: "2026-03-04" }],
      ["Dentist 4/3", { title: "Dentist", due: "2026-04-03" }],
      ["Gifts 12/24", { title: "Gifts", due: "2026-12-24" }],
      ["Gifts 24/12", { title: "Gifts", due: "2026-12-24" }],
      ["Dentist 3.4.", { title: "Dentist", due: "2026-04-03" }],
    ],
  },
  {
    name: "British English reads 3/4 as 3 April",
    options: { ...berlin, locale: "en-GB" },
    rows: [
      ["Dentist 3/4", { title: "Dentist", due: "2026-04-03" }],
      ["Gifts dec 24", { title: "Gifts", due: "2026-12-24" }],
    ],
  },
  {
    name: "German (Mi 4. März 2026, 15:00 Berlin)",
    options: { ...berlin, locale: "de-DE" },
    rows: [
      ["Arzt morgen 17 Uhr", { title: "Arzt", due: "2026-03-05 17:00", parts: "date:morgen time:17 Uhr" }],
      ["Steuer 24.12.", { title: "Steuer", due: "2026-12-24" }],
      ["Geschenk 24. Dezember", { title: "Geschenk", due: "2026-12-24" }],
      ["Meeting Freitag 9:00", { title: "Meeting", due: "2026-03-06 09:00" }],
      ["Oma anrufen übermorgen", { title: "Oma anrufen", due: "2026-03-06" }],
      ["Bericht in 3 Tagen", { title: "Bericht", due: "2026-03-07" }],
      ["Essen nächsten Freitag", { title: "Essen", due: "2026-03-13" }],
      ["Kino heute Abend", { title: "Kino", due: "2026-03-04 19:00" }],
      ["Treffen am Freitag um 17:00", { title: "Treffen", due: "2026-03-06 17:00" }],
      ["Anruf um 9 Uhr", { title: "Anruf", due: "2026-03-05 09:00" }],
      ["Besprechung am Mi", { title: "Besprechung", due: "2026-03-04" }],
      ["Zahnarzt 3/4", { title: "Zahnarzt", due: "2026-04-03" }],
      ["Steuer bis 31.5. p1 #Work", { title: "Steuer", due: "2026-05-31", priority: "high", category: "work" }],
      ["Rechnung prüfen : an Frau Müller", { title: "Rechnung prüfen", notes: "an Frau Müller" }],
      ["Müll jeden Montag", { title: "Müll", due: "2026-03-09", rule: "FREQ=WEEKLY;BYDAY=MO" }],
      ["Müll jeden Montag und Donnerstag 7 Uhr", { title: "Müll", due: "2026-03-05 07:00", rule: "FREQ=WEEKLY;BYDAY=MO,TH" }],
      ["Blumen gießen täglich", { title: "Blumen gießen", due: "2026-03-04", rule: "FREQ=DAILY" }],
      ["Blumen alle 3 Tage", { title: "Blumen", due: "2026-03-04", rule: "FREQ=DAILY;INTERVAL=3" }],
      ["Wäsche jeden zweiten Tag", { title: "Wäsche", due: "2026-03-04", rule: "FREQ=DAILY;INTERVAL=2" }],
      ["Sport montags", { title: "Sport", due: "2026-03-09", rule: "FREQ=WEEKLY;BYDAY=MO" }],
      ["Miete jeden Monat am 3.", { title: "Miete", due: "2026-04-03", rule: "FREQ=MONTHLY;BYMONTHDAY=3" }],
      ["Geburtstag jeden 24. Dezember", { title: "Geburtstag", due: "2026-12-24", rule: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24" }],
      ["Putzen alle 2 Wochen nach Erledigung", { title: "Putzen", due: "2026-03-04", rule: "FREQ=WEEKLY;INTERVAL=2", fromCompletion: true }],
      ["Guten Morgen sagen", { title: "Guten Morgen sagen" }],
      ["Das mache ich so", { title: "Das mache ich so" }],
      ["Mai Urlaub planen", { title: "Mai Urlaub planen" }],
      ["Anruf um 9", { title: "Anruf um 9" }],
      ["Wöchentlicher Bericht", { title: "Wöchentlicher Bericht" }],
      ["Alle Kinder abholen", { title: "Alle Kinder abholen" }],
    ],
  },
];

function summary(result: QuickAddResult, expected: Expected): Required<Omit<Expected, "parts">> & { parts?: string } {
  const { deadline, recurrence } = result;
  return {
    title: result.title,
    due: deadline ? `${deadline.date}${deadline.time ? ` ${deadline.time}` : ""}` : "",
    priority: result.priority ?? ("" as Priority),
    category: result.categoryId ?? "",
    newCategory: result.categoryName ?? "",
    rule: recurrence?.rule ?? "",
    fromCompletion: (recurrence?.fromCompletion ?? false) as true,
    notes: result.notes ?? "",
    ...(expected.parts === undefined
      ? {}
      : { parts: result.parts.map((part) => `${part.kind}:${part.text}`).join(" ") }),
  };
}

function filled(expected: Expected): ReturnType<typeof summary> {
  return {
    due: "",
    priority: "" as Priority,
    category: "",
    newCategory: "",
    rule: "",
    fromCompletion: false as unknown as true,
    notes: "",
    ...expected,
  };
}

/**
 * Run under machine zones other than the user's: the answer must follow `timeZone` alone. (The
 * unit suite runs each file in its own process, so setting TZ here changes no other file's clock.)
 */
const MACHINE_ZONES = ["UTC", "Pacific/Auckland"];

describe.each(MACHINE_ZONES)("quick add, on a machine set to %s", (machineZone) => {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = machineZone;
  });
  afterAll(() => {
    process.env.TZ = original;
  });

  it("runs on that machine zone", () => {
    const offset = machineZone === "UTC" ? 0 : -13 * 60;
    expect(new Date("2026-01-15T00:00:00Z").getTimezoneOffset()).toBe(offset);
  });

  describe.each(SCENES)("$name", ({ options, rows }) => {
    it.each(rows)("%s", (input, expected) => {
      const result = parseQuickAdd(input, { ...options, categories: CATEGORIES });
      expect(summary(result, expected)).toEqual(filled(expected));
    });
  });
});

it("holds at least 200 phrases", () => {
  expect(SCENES.flatMap((scene) => scene.rows).length).toBeGreaterThanOrEqual(200);
});
