/**
 * The phrases the rules were written with, and what each must propose. The world they are said
 * in (tasks, categories, clocks) is corpus-fixtures.ts; Berlin, Wednesday 4 March 2026 15:00,
 * unless a row names another scene.
 */
import type { CorpusCase } from "./corpus-fixtures.js";

export const CORPUS_CASES: readonly CorpusCase[] = [
  // One task, with what quick add reads in it.
  { say: "buy milk", expect: [{ create: "Buy milk" }] },
  { say: "Call the plumber tomorrow", expect: [{ create: "Call the plumber", due: "2026-03-05" }] },
  { say: "pay the electricity bill friday", expect: [{ create: "Pay the electricity bill", due: "2026-03-06" }] },
  { say: "book flights for the summer holiday", expect: [{ create: "Book flights for the summer holiday" }] },
  { say: "email the landlord about the heating", expect: [{ create: "Email the landlord about the heating" }] },
  { say: "water the tomatoes tonight", expect: [{ create: "Water the tomatoes", due: "2026-03-04T20:00" }] },
  {
    say: "submit the expense report by 5pm",
    expect: [{ create: "Submit the expense report", due: "2026-03-04T17:00" }],
  },
  { say: "renew the car insurance in 3 days", expect: [{ create: "Renew the car insurance", due: "2026-03-07" }] },
  { say: "clean the garage this weekend", expect: [{ create: "Clean the garage", due: "2026-03-07" }] },
  {
    say: "schedule a call with Priya next friday",
    expect: [{ create: "Schedule a call with Priya", due: "2026-03-13" }],
  },
  { say: "pick up the dry cleaning at 9am", expect: [{ create: "Pick up the dry cleaning", due: "2026-03-05T09:00" }] },
  { say: "prepare the agenda for monday 10am", expect: [{ create: "Prepare the agenda", due: "2026-03-09T10:00" }] },
  { say: "return the parcel next week", expect: [{ create: "Return the parcel", due: "2026-03-11" }] },
  { say: "Cancel the gym membership", expect: [{ create: "Cancel the gym membership" }] },
  { say: "walk the dog in the evening", expect: [{ create: "Walk the dog", due: "2026-03-04T19:00" }] },
  { say: "write thank-you cards", expect: [{ create: "Write thank-you cards" }] },
  { say: "fix the leaking tap on saturday", expect: [{ create: "Fix the leaking tap", due: "2026-03-07" }] },
  { say: "visit grandpa on sunday afternoon", expect: [{ create: "Visit grandpa", due: "2026-03-08T15:00" }] },
  { say: "print the boarding passes dec 24", expect: [{ create: "Print the boarding passes", due: "2026-12-24" }] },
  { say: "text Jamie about dinner", expect: [{ create: "Text Jamie about dinner" }] },
  { say: "Dentist checkup tomorrow 3pm", expect: [{ create: "Dentist checkup", due: "2026-03-05T15:00" }] },
  { say: "haircut saturday 11am", expect: [{ create: "Haircut", due: "2026-03-07T11:00" }] },
  {
    say: "meet Anna for coffee thursday 8:30am",
    expect: [{ create: "Meet Anna for coffee", due: "2026-03-05T08:30" }],
  },

  // Openings that ask for a task, and are no part of it.
  { say: "remind me to call the bank tomorrow", expect: [{ create: "Call the bank", due: "2026-03-05" }] },
  { say: "I need to renew my passport", expect: [{ create: "Renew my passport" }] },
  { say: "please add a task to clean the oven", expect: [{ create: "Clean the oven" }] },
  { say: "can you add feed the fish", expect: [{ create: "Feed the fish" }] },
  { say: "Could you remind me to water the ferns friday", expect: [{ create: "Water the ferns", due: "2026-03-06" }] },
  { say: "don't forget to lock the shed", expect: [{ create: "Lock the shed" }] },
  { say: "remember to bring the umbrella tomorrow", expect: [{ create: "Bring the umbrella", due: "2026-03-05" }] },
  { say: "todo: sort the photos", expect: [{ create: "Sort the photos" }] },
  { say: "new task: update the CV", expect: [{ create: "Update the CV" }] },
  { say: "I have to finish the slides for the pitch", expect: [{ create: "Finish the slides for the pitch" }] },
  { say: "we should plan the garden", expect: [{ create: "Plan the garden" }] },
  {
    say: "hey, please book a table for four at 7pm",
    expect: [{ create: "Book a table for four", due: "2026-03-04T19:00" }],
  },
  { say: "add a reminder to take my vitamins", expect: [{ create: "Take my vitamins" }] },
  { say: "I must sign the school form", expect: [{ create: "Sign the school form" }] },
  {
    say: "remind me about the school concert thursday 6pm",
    expect: [{ create: "School concert", due: "2026-03-05T18:00" }],
  },

  // Several tasks in one message.
  {
    say: "buy milk, eggs and call mom tomorrow 5pm",
    expect: [{ create: "Buy milk" }, { create: "Buy eggs" }, { create: "Call mom", due: "2026-03-05T17:00" }],
  },
  {
    say: "walk the dog and feed the cat",
    expect: [{ create: "Walk the dog" }, { create: "Feed the cat" }],
  },
  {
    say: "call the garage, then book the MOT for friday",
    expect: [{ create: "Call the garage" }, { create: "Book the MOT", due: "2026-03-06" }],
  },
  {
    say: "Clean the kitchen. Vacuum the stairs. Empty the dishwasher",
    expect: [{ create: "Clean the kitchen" }, { create: "Vacuum the stairs" }, { create: "Empty the dishwasher" }],
  },
  {
    say: "pay the nanny friday and also send the invoice to Bolt monday",
    expect: [
      { create: "Pay the nanny", due: "2026-03-06" },
      { create: "Send the invoice to Bolt", due: "2026-03-09" },
    ],
  },
  {
    say: "- order a new charger\n- return the old router\n- email IT",
    expect: [{ create: "Order a new charger" }, { create: "Return the old router" }, { create: "Email IT" }],
  },
  {
    say: "pick up the kids at 4pm and drop off the laundry",
    expect: [{ create: "Pick up the kids", due: "2026-03-04T16:00" }, { create: "Drop off the laundry" }],
  },
  {
    say: "call mom and dad tonight",
    expect: [{ create: "Call mom and dad", due: "2026-03-04T20:00" }],
  },
  {
    say: "email Sarah about the trip and the budget",
    expect: [{ create: "Email Sarah about the trip and the budget" }],
  },
  {
    say: "clean the bathroom and the kitchen on saturday",
    expect: [{ create: "Clean the bathroom and the kitchen", due: "2026-03-07" }],
  },
  {
    say: "I need to call the school; also buy a birthday card",
    expect: [{ create: "Call the school" }, { create: "Buy a birthday card" }],
  },
  {
    say: "1. book the venue\n2. send the invitations\n3. order the cake",
    expect: [{ create: "Book the venue" }, { create: "Send the invitations" }, { create: "Order the cake" }],
  },
  {
    say: "wash the car and then mow the lawn sunday",
    expect: [{ create: "Wash the car" }, { create: "Mow the lawn", due: "2026-03-08" }],
  },
  {
    say: "tidy up the desk, file the receipts and back up the laptop",
    expect: [{ create: "Tidy up the desk" }, { create: "File the receipts" }, { create: "Back up the laptop" }],
  },

  // A list verb makes one task per thing.
  {
    say: "buy bread, butter and jam",
    expect: [{ create: "Buy bread" }, { create: "Buy butter" }, { create: "Buy jam" }],
  },
  {
    say: "get milk and eggs tomorrow",
    expect: [
      { create: "Get milk", due: "2026-03-05" },
      { create: "Get eggs", due: "2026-03-05" },
    ],
  },
  {
    say: "grab coffee filters & sugar",
    expect: [{ create: "Grab coffee filters" }, { create: "Grab sugar" }],
  },
  {
    say: "order printer paper, toner, and staples",
    expect: [{ create: "Order printer paper" }, { create: "Order toner" }, { create: "Order staples" }],
  },
  {
    say: "buy a present for Leo",
    expect: [{ create: "Buy a present for Leo" }],
  },
  {
    say: "add milk to my shopping list",
    expect: [{ create: "Milk", category: "shopping" }],
  },
  {
    say: "add eggs, flour and yeast to the shopping list",
    expect: [
      { create: "Eggs", category: "shopping" },
      { create: "Flour", category: "shopping" },
      { create: "Yeast", category: "shopping" },
    ],
  },
  {
    say: "buy nails and screws for the garden",
    expect: [
      { create: "Buy nails", category: "garden" },
      { create: "Buy screws", category: "garden" },
    ],
  },

  // Priority in words and in quick add's tokens.
  { say: "call the bank, urgent", expect: [{ create: "Call the bank", priority: "high" }] },
  { say: "urgent: renew the parking permit", expect: [{ create: "Renew the parking permit", priority: "high" }] },
  { say: "fix the login bug asap", expect: [{ create: "Fix the login bug", priority: "high" }] },
  {
    say: "send the offer today, it's important",
    expect: [{ create: "Send the offer", due: "2026-03-04", priority: "high" }],
  },
  { say: "high priority review the contract", expect: [{ create: "Review the contract", priority: "high" }] },
  { say: "clean the attic, low priority", expect: [{ create: "Clean the attic", priority: "low" }] },
  { say: "repaint the fence whenever", expect: [{ create: "Repaint the fence", priority: "low" }] },
  { say: "sort the bookshelf, no rush", expect: [{ create: "Sort the bookshelf", priority: "low" }] },
  { say: "pay the fine p1", expect: [{ create: "Pay the fine", priority: "high" }] },
  { say: "read the contract !!!", expect: [{ create: "Read the contract", priority: "high" }] },
  { say: "update the wiki p3", expect: [{ create: "Update the wiki", priority: "low" }] },
  {
    say: "book the plumber tomorrow, not urgent",
    expect: [{ create: "Book the plumber", due: "2026-03-05", priority: "low" }],
  },

  // Categories: #name, and a category named at the end.
  { say: "prepare the demo #work", expect: [{ create: "Prepare the demo", category: "work" }] },
  { say: "book physio #health tomorrow", expect: [{ create: "Book physio", category: "health", due: "2026-03-05" }] },
  { say: "plant the tulips #garden", expect: [{ create: "Plant the tulips", category: "garden" }] },
  { say: "fix the fence #yard", expect: [{ create: "Fix the fence", category: "garden" }] },
  { say: "learn chords #guitar", expect: [{ create: "Learn chords", category: "other" }] },
  { say: "draft the budget for work", expect: [{ create: "Draft the budget", category: "work" }] },
  {
    say: "check the smoke alarms in the home category",
    expect: [{ create: "Check the smoke alarms", category: "home" }],
  },
  { say: "pay the credit card to finance", expect: [{ create: "Pay the credit card", category: "finance" }] },
  { say: "organise the bbq for family events", expect: [{ create: "Organise the bbq", category: "group" }] },
  { say: "take Rex to the vet", expect: [{ create: "Take Rex to the vet" }] },
  { say: "send invoice to Bolt", expect: [{ create: "Send invoice to Bolt" }] },
  { say: "go to the garden centre", expect: [{ create: "Go to the garden centre" }] },

  // Notes and repeats, as quick add reads them.
  {
    say: "call the insurer : ask about the excess",
    expect: [{ create: "Call the insurer", notes: "ask about the excess" }],
  },
  {
    say: "book the hotel friday : near the station",
    expect: [{ create: "Book the hotel", due: "2026-03-06", notes: "near the station" }],
  },
  {
    say: "take out the recycling every monday",
    expect: [{ create: "Take out the recycling", due: "2026-03-09", repeat: "FREQ=WEEKLY;BYDAY=MO" }],
  },
  {
    say: "water the orchid every 3 days",
    expect: [{ create: "Water the orchid", due: "2026-03-04", repeat: "FREQ=DAILY;INTERVAL=3" }],
  },
  {
    say: "remind me to pay rent every month on the 1st",
    expect: [{ create: "Pay rent", due: "2026-04-01", repeat: "FREQ=MONTHLY;BYMONTHDAY=1" }],
  },

  // Done: said in many ways, matched against open tasks by their words.
  { say: "mark call mom as done", expect: [{ complete: "t-mom" }] },
  { say: "the bins are done", expect: [{ complete: "t-bins" }] },
  { say: "done with the report", expect: [{ complete: "t-report" }] },
  { say: "I finished the quarterly report", expect: [{ complete: "t-report" }] },
  { say: "complete the tax return", expect: [{ complete: "t-tax" }] },
  { say: "tick off milk", expect: [{ complete: "t-milk" }] },
  { say: "check off the gym", expect: [{ complete: "t-gym" }] },
  { say: "the hedge is finished", expect: [{ complete: "t-hedge" }] },
  { say: "mark the slides complete", expect: [{ complete: "t-slides" }] },
  { say: "I called mom", expect: [{ complete: "t-mom" }] },
  { say: "just bought the milk", expect: [{ complete: "t-milk" }] },
  { say: "I watered the plants", expect: [{ complete: "t-plants" }] },
  { say: "washed the car", expect: [{ complete: "t-car" }] },
  { say: "we took out the bins", expect: [{ complete: "t-bins" }] },
  { say: "sent the invoice to ACME", expect: [{ complete: "t-invoice" }] },
  { say: "I've booked the gym class", expect: [{ complete: "t-gym" }] },
  { say: "mark it as done", currentTask: "t-vet", expect: [{ complete: "t-vet" }] },
  { say: "this is done", currentTask: "t-dentist", expect: [{ complete: "t-dentist" }] },
  { say: "it's done", currentTask: "t-gym", expect: [{ complete: "t-gym" }] },
  { say: "just finished it", currentTask: "t-slides", expect: [{ complete: "t-slides" }] },
  { say: "mark this as done", expect: [] },
  { say: "the vet visit is done and I called mom", expect: [{ complete: "t-vet" }, { complete: "t-mom" }] },
  { say: "mark pay rent as done", expect: [] },
  { say: "I bought a new lamp", expect: [] },

  // Changes to a task.
  { say: "move the report to friday", expect: [{ update: "t-report", due: "2026-03-06" }] },
  { say: "reschedule the dentist to next tuesday 10am", expect: [{ update: "t-dentist", due: "2026-03-10T10:00" }] },
  { say: "postpone the tax return to april 15", expect: [{ update: "t-tax", due: "2026-04-15" }] },
  { say: "push the vet to tomorrow 5pm", expect: [{ update: "t-vet", due: "2026-03-05T17:00" }] },
  { say: "the slides are due monday", expect: [{ update: "t-slides", due: "2026-03-09" }] },
  { say: "move it to saturday", currentTask: "t-car", expect: [{ update: "t-car", due: "2026-03-07" }] },
  { say: "reschedule the hedge next week", expect: [{ update: "t-hedge", due: "2026-03-11" }] },
  { say: "make the invoice urgent", expect: [{ update: "t-invoice", priority: "high" }] },
  { say: "set the priority of the tax return to high", expect: [{ update: "t-tax", priority: "high" }] },
  { say: "the plants are low priority", expect: [{ update: "t-plants", priority: "low" }] },
  { say: "prioritize the slides", expect: [{ update: "t-slides", priority: "high" }] },
  { say: "mark the car wash as low priority", expect: [{ update: "t-car", priority: "low" }] },
  { say: "rename the report to Q1 report", expect: [{ update: "t-report", title: "Q1 report" }] },
  {
    say: "change the title of the gym task to Book spin class",
    expect: [{ update: "t-gym", title: "Book spin class" }],
  },
  { say: "put the hedge in home", expect: [{ update: "t-hedge", category: "home" }] },
  { say: "move milk to #work", expect: [{ update: "t-milk", category: "work" }] },
  {
    say: "add a note to the dentist: bring the insurance card",
    expect: [{ update: "t-dentist", notes: "bring the insurance card" }],
  },
  { say: "note for the vet: ask about the vaccine", expect: [{ update: "t-vet", notes: "ask about the vaccine" }] },
  { say: "remove the deadline from the tax return", expect: [{ update: "t-tax", due: null }] },
  { say: "reopen pay rent", expect: [{ update: "t-rent", completed: false }] },
  { say: "pay rent isn't done yet", expect: [{ update: "t-rent", completed: false }] },
  {
    say: "move the report to friday and mark the bins as done",
    expect: [{ update: "t-report", due: "2026-03-06" }, { complete: "t-bins" }],
  },
  {
    say: "push the hedge to sunday, then buy compost",
    expect: [{ update: "t-hedge", due: "2026-03-08" }, { create: "Buy compost" }],
  },
  { say: "move the car to the garage", expect: [{ create: "Move the car to the garage" }] },

  // Two tasks fit alike: asked back.
  { say: "email sarah is done", expect: [], ask: true },
  { say: "mark the email to sarah as done", expect: [], ask: true },
  { say: "move sarah's email to friday", expect: [], ask: true },
  { say: "I emailed Sarah", expect: [], ask: true },
  { say: "I emailed Sarah about the trip", expect: [{ complete: "t-sarah-trip" }] },

  // Nothing to do.
  { say: "hello", expect: [] },
  { say: "thanks!", expect: [] },
  { say: "what can you do?", expect: [] },
  { say: "good morning", expect: [] },
  { say: "how many tasks do I have?", expect: [] },
  { say: "ok", expect: [] },

  // Other zones and clocks.
  {
    say: "call the bank tomorrow 9am",
    scene: "auckland",
    expect: [{ create: "Call the bank", due: "2026-03-06T09:00" }],
  },
  { say: "buy flowers today", scene: "auckland", expect: [{ create: "Buy flowers", due: "2026-03-05" }] },
  { say: "move the report to saturday", scene: "auckland", expect: [{ update: "t-report", due: "2026-03-07" }] },
  { say: "pay the fee 3/10", scene: "newYork", expect: [{ create: "Pay the fee", due: "2026-03-10" }] },
  {
    say: "call the school at 10am",
    scene: "newYork",
    expect: [{ create: "Call the school", due: "2026-03-04T10:00" }],
  },
  { say: "send the deck tonight", scene: "newYork", expect: [{ create: "Send the deck", due: "2026-03-04T20:00" }] },
  {
    say: "feed the cat tomorrow 2:30am",
    scene: "berlinBeforeDst",
    expect: [{ create: "Feed the cat", due: "2026-03-29T02:30" }],
  },
  { say: "call mom tomorrow 5pm", scene: "berlinBeforeDst", expect: [{ create: "Call mom", due: "2026-03-29T17:00" }] },
  { say: "move the vet to monday", scene: "berlinBeforeDst", expect: [{ update: "t-vet", due: "2026-03-30" }] },
  {
    say: "water the plants every sunday",
    scene: "berlinBeforeDst",
    expect: [{ create: "Water the plants", due: "2026-03-29", repeat: "FREQ=WEEKLY;BYDAY=SU" }],
  },
];
