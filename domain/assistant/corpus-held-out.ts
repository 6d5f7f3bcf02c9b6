/**
 * Held-out phrases: written apart from the rules (without reading them) and never used to tune them;
 * the accuracy on these says how well the rules carry over to wording they were not made for.
 */
import type { CorpusCase } from "./corpus-fixtures.js";

export const HELD_OUT_CASES: readonly CorpusCase[] = [
  // Creating: shopping lists, one task per item, the verb kept as typed.
  {
    say: "buy apples, bananas and oat milk",
    expect: [{ create: "Buy apples" }, { create: "Buy bananas" }, { create: "Buy oat milk" }],
  },
  {
    say: "get bin bags and dish soap tomorrow",
    expect: [
      { create: "Get bin bags", due: "2026-03-05" },
      { create: "Get dish soap", due: "2026-03-05" },
    ],
  },
  {
    say: "please order printer ink and A4 paper",
    expect: [{ create: "Order printer ink" }, { create: "Order A4 paper" }],
  },
  {
    say: "pick up batteries and light bulbs 3/10",
    scene: "newYork",
    expect: [
      { create: "Pick up batteries", due: "2026-03-10" },
      { create: "Pick up light bulbs", due: "2026-03-10" },
    ],
  },

  // Creating: several tasks in one message, each keeping its own date.
  {
    say: "call the bank tomorrow and book a haircut saturday",
    expect: [
      { create: "Call the bank", due: "2026-03-05" },
      { create: "Book a haircut", due: "2026-03-07" },
    ],
  },
  {
    say: "Clean the bathroom, wash the windows and fold the laundry",
    expect: [{ create: "Clean the bathroom" }, { create: "Wash the windows" }, { create: "Fold the laundry" }],
  },
  {
    say: "Renew my passport. Also schedule a checkup with Dr Lee next week",
    expect: [{ create: "Renew my passport" }, { create: "Schedule a checkup with Dr Lee", due: "2026-03-11" }],
  },
  {
    say: "pay the gardener\nreturn the library books friday\ncall grandma tonight",
    expect: [
      { create: "Pay the gardener" },
      { create: "Return the library books", due: "2026-03-06" },
      { create: "Call grandma", due: "2026-03-04T20:00" },
    ],
  },
  {
    say: "send the contract to Tom tomorrow morning then update the website",
    expect: [{ create: "Send the contract to Tom", due: "2026-03-05T09:00" }, { create: "Update the website" }],
  },
  {
    say: "grab bread and cheese, then email Anna at 6pm",
    expect: [{ create: "Grab bread" }, { create: "Grab cheese" }, { create: "Email Anna", due: "2026-03-04T18:00" }],
  },
  {
    say: "feed the cat and water the tomatoes tomorrow",
    scene: "auckland",
    expect: [{ create: "Feed the cat" }, { create: "Water the tomatoes", due: "2026-03-06" }],
  },
  {
    say: "I need to fix the bike on sunday and clean the garage",
    expect: [{ create: "Fix the bike", due: "2026-03-08" }, { create: "Clean the garage" }],
  },

  // Creating: priority words.
  {
    say: "high priority: submit the visa form monday",
    scene: "berlinBeforeDst",
    expect: [{ create: "Submit the visa form", due: "2026-03-30", priority: "high" }],
  },
  { say: "Sort out the old photos whenever", expect: [{ create: "Sort out the old photos", priority: "low" }] },
  {
    say: "Urgent: call the insurance company about the claim",
    expect: [{ create: "Call the insurance company about the claim", priority: "high" }],
  },
  {
    say: "remind me to renew the parking permit asap",
    expect: [{ create: "Renew the parking permit", priority: "high" }],
  },

  // Creating: categories.
  {
    say: "Book a table for Jo's birthday #family",
    expect: [{ create: "Book a table for Jo's birthday", category: "group" }],
  },
  {
    say: "I must prepare the budget review for work",
    expect: [{ create: "Prepare the budget review", category: "work" }],
  },
  {
    say: "todo: descale the kettle in the home category",
    expect: [{ create: "Descale the kettle", category: "home" }],
  },
  {
    say: "add a task to plant the tulip bulbs on the garden list",
    expect: [{ create: "Plant the tulip bulbs", category: "garden" }],
  },

  // Creating: repeats (due is the first occurrence).
  {
    say: "call grandpa every sunday",
    scene: "berlinBeforeDst",
    expect: [{ create: "Call grandpa", due: "2026-03-29", repeat: "FREQ=WEEKLY;BYDAY=SU" }],
  },
  {
    say: "Take the recycling out every tuesday",
    expect: [{ create: "Take the recycling out", due: "2026-03-10", repeat: "FREQ=WEEKLY;BYDAY=TU" }],
  },
  {
    say: "remember to stretch for ten minutes daily",
    expect: [{ create: "Stretch for ten minutes", due: "2026-03-04", repeat: "FREQ=DAILY" }],
  },

  // Creating: notes after " : ".
  {
    say: "Could you add a task to call the plumber tomorrow : the kitchen sink is blocked again",
    expect: [{ create: "Call the plumber", due: "2026-03-05", notes: "the kitchen sink is blocked again" }],
  },
  {
    say: "Book flights to Lisbon : aisle seats for both of us",
    expect: [{ create: "Book flights to Lisbon", notes: "aisle seats for both of us" }],
  },

  // Creating: dates and times in the other scenes.
  {
    say: "Start the server backup tomorrow at 2:30am",
    scene: "berlinBeforeDst",
    expect: [{ create: "Start the server backup", due: "2026-03-29T02:30" }],
  },
  {
    say: "pick up my prescription this afternoon",
    scene: "auckland",
    expect: [{ create: "Pick up my prescription", due: "2026-03-05T15:00" }],
  },
  {
    say: "Fix the squeaky door at 11am #diy",
    scene: "newYork",
    expect: [{ create: "Fix the squeaky door", due: "2026-03-04T11:00", category: "other" }],
  },

  // Completing.
  { say: "mark the quarterly report as complete", expect: [{ complete: "t-report" }] },
  { say: "The dentist appointment is done", expect: [{ complete: "t-dentist" }] },
  { say: "finished trimming the hedge", expect: [{ complete: "t-hedge" }] },
  { say: "done with the slides", expect: [{ complete: "t-slides" }] },
  { say: "check off the gym class", expect: [{ complete: "t-gym" }] },
  { say: "tick off the tax return", expect: [{ complete: "t-tax" }] },
  { say: "please complete water the plants", expect: [{ complete: "t-plants" }] },
  { say: "I washed the car", expect: [{ complete: "t-car" }] },
  { say: "took the bins out", expect: [{ complete: "t-bins" }] },
  { say: "just sent ACME the invoice", expect: [{ complete: "t-invoice" }] },
  { say: "this one's done", currentTask: "t-vet", expect: [{ complete: "t-vet" }] },
  { say: "finally finished it!", currentTask: "t-report", expect: [{ complete: "t-report" }] },

  // Updating.
  { say: "push the car wash to tomorrow", scene: "auckland", expect: [{ update: "t-car", due: "2026-03-06" }] },
  { say: "reschedule the vet to friday 4pm", expect: [{ update: "t-vet", due: "2026-03-06T16:00" }] },
  { say: "trimming the hedge is due sunday", expect: [{ update: "t-hedge", due: "2026-03-08" }] },
  { say: "postpone the ACME invoice to 3/9", scene: "newYork", expect: [{ update: "t-invoice", due: "2026-03-09" }] },
  { say: "make the ACME invoice urgent", expect: [{ update: "t-invoice", priority: "high" }] },
  { say: "make taking out the bins low priority", expect: [{ update: "t-bins", priority: "low" }] },
  { say: "mark the tax return as high priority", expect: [{ update: "t-tax", priority: "high" }] },
  {
    say: "rename book gym class to Book a swimming lesson",
    expect: [{ update: "t-gym", title: "Book a swimming lesson" }],
  },
  { say: "move the car wash to #home", expect: [{ update: "t-car", category: "home" }] },
  {
    say: "add a note to taking Rex to the vet: bring his vaccination card",
    expect: [{ update: "t-vet", notes: "bring his vaccination card" }],
  },
  { say: "remove the due date from the report", expect: [{ update: "t-report", due: null }] },
  { say: "reopen pay rent", expect: [{ update: "t-rent", completed: false }] },

  // Asking back: both Sarah emails fit equally.
  { say: "I emailed Sarah", expect: [], ask: true },
  { say: "move the sarah email to friday", expect: [], ask: true },
  { say: "make emailing Sarah high priority", expect: [], ask: true },
  { say: "tick off email sarah", expect: [], ask: true },

  // Nothing to do.
  { say: "good morning!", expect: [] },
  { say: "hey, how's it going?", expect: [] },
  { say: "what sort of things can you help me with?", expect: [] },
  { say: "cheers, thanks a lot", expect: [] },
];
