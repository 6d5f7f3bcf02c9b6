import {
  ArrowRight,
  BookOpen,
  Briefcase,
  CalendarClock,
  ClipboardList,
  Lightbulb,
  ListChecks,
  type LucideIcon,
  MessagesSquare,
  ShoppingCart,
  Sparkles,
  Stethoscope,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DEFAULT_CATEGORY_LABELS } from "../../../domain/category-rules";
import type { GroupType } from "../../../domain/groups";
import { buttonClass } from "../../components/form";
import { GroupIcon } from "../../components/GroupIcon";
import { Section } from "../../components/Section";
import { useCurrentGroup, useInvitations } from "../../hooks/use-groups";
import { CreateGroupForm } from "./CreateGroupForm";
import { MemberFaces } from "./MemberFaces";
import { linkClass, PageHeader } from "./PageHeader";
import { DataUnavailable } from "../../components/DataUnavailable";

interface UseCase {
  Icon: LucideIcon;
  title: string;
  text: string;
}

interface Hub {
  title: string;
  lead: ReactNode;
  uses: UseCase[];
  steps: ReactNode[];
  tips: ReactNode[];
  /** Heading of the list of the user's groups of this kind. */
  mine: string;
  none: string;
}

const HUBS: Record<GroupType, Hub> = {
  family: {
    title: "Organize your family",
    lead: "A family group is one shared list for your household. Everyone you invite sees the same tasks, and whatever one of you adds or ticks off shows up on the others' phones straight away, so nobody does a job twice and nothing falls between two people.",
    uses: [
      {
        Icon: Sparkles,
        title: "Chores",
        text: "Bins, laundry, watering the plants, cleaning the bathroom. Give each job a deadline and whoever does it ticks it off, so the question “did anyone…?” answers itself.",
      },
      {
        Icon: ShoppingCart,
        title: "Meals and shopping",
        text: "Plan the week's dinners on Sunday and add what is missing to the shared shopping list while you cook. Whoever passes the shop has the list with them.",
      },
      {
        Icon: BookOpen,
        title: "School",
        text: "Permission slips, homework due dates, sports kit days, parents' evenings and school trips, with notes for what to bring and what to pay.",
      },
      {
        Icon: Stethoscope,
        title: "Appointments",
        text: "Doctor, dentist, vet, car service, passport renewal. A deadline and a note with the address and the documents to bring means anyone can take over.",
      },
    ],
    steps: [
      "Create the group below with a name everyone recognises, like your family name.",
      "Invite each member by email from the group's settings. Everyone needs their own account; the invitation arrives on the Invitations page once their address is confirmed.",
      "Add the first tasks together: one task per job, with a deadline when there is one and the category it belongs to.",
      "Use the group switcher at the top to move between your personal list and the family list.",
    ],
    tips: [
      "Keep surprises and private errands in your personal group: family members only ever see the family group.",
      "Lock a task you created when others should not delete it, such as a recurring bill.",
      "The owner manages members. If the person who set up the group steps back, they can make someone else the owner.",
    ],
    mine: "Your family groups",
    none: "You are not in a family group yet. Create one below, or accept an invitation from someone in your family.",
  },
  team: {
    title: "Organize your team",
    lead: "A team group gives colleagues, a club or a volunteer committee one task list that everyone can see and update. Work is visible to all members, changes appear live, and when someone leaves the team the list stays with the group.",
    uses: [
      {
        Icon: Briefcase,
        title: "Projects",
        text: "Break a project into tasks with subtasks, priorities and deadlines. Everyone sees what is open and what is done without asking for a status update.",
      },
      {
        Icon: MessagesSquare,
        title: "Meetings",
        text: "Collect agenda points before the meeting and turn each decision into a task afterwards, so action points do not disappear in the minutes.",
      },
      {
        Icon: ClipboardList,
        title: "Admin",
        text: "Invoices, renewals, reports, reimbursements and the other recurring jobs that keep a team running, each with a deadline.",
      },
      {
        Icon: Users,
        title: "Clients",
        text: "Follow-ups, proposals and things promised to a client, in one category, so anyone can pick up where a colleague left off.",
      },
    ],
    steps: [
      "Create the group below; you become its owner.",
      "Invite your colleagues by their work email from the group's settings. They join once they accept.",
      "Use categories for projects or areas rather than one group per project: one team, one list, fewer places to look.",
      "When you hand the team over, make the new lead the owner before you leave.",
    ],
    tips: [
      "Only the owner can invite, remove members, rename or delete the group; members can leave on their own.",
      "Tasks a member created stay in the group when they leave, so no work is lost.",
      "Each person keeps a personal group for their own to-dos next to the team's list.",
    ],
    mine: "Your team groups",
    none: "You are not in a team group yet. Create one below, or accept an invitation from a colleague.",
  },
  personal: {
    title: "Organize yourself",
    lead: "Your personal group was made with your account. It is private: only you see its tasks, on every device you sign in on. It cannot be shared, left or deleted, and it is where the app takes you when you leave a shared group.",
    uses: [
      {
        Icon: ListChecks,
        title: "Capture everything",
        text: "Write a task down the moment it comes up: an errand, a call to return, an idea. A list you trust frees your head from remembering it.",
      },
      {
        Icon: CalendarClock,
        title: "Deadlines that matter",
        text: "Set a deadline only where there is a real one, and use priority for the rest. Then the deadlines you see are the ones you cannot miss.",
      },
      {
        Icon: Briefcase,
        title: "Work and life apart",
        text: `It starts with the categories ${new Intl.ListFormat("en-GB").format(DEFAULT_CATEGORY_LABELS)}, so one list can still be read one area at a time.`,
      },
      {
        Icon: Lightbulb,
        title: "A weekly review",
        text: "Once a week, clear what is done, drop what no longer matters and choose the few tasks that make the next week a good one.",
      },
    ],
    steps: [
      "Choose your personal group in the group switcher at the top; it is listed first.",
      "Add tasks as they come, with a category, and subtasks for anything with more than one step.",
      "When something concerns others, share the task with a family or team group instead of copying it.",
    ],
    tips: [
      "Nobody else can be invited to your personal group. To share a list, create a family or team group.",
      "Switching groups changes what this device shows; each device remembers its own choice.",
    ],
    mine: "Your personal group",
    none: "Your personal group is being set up. Reload the page in a moment.",
  },
};

/** The three organization pages: what a kind of group is for, how to start, and the user's groups of that kind. */
export function OrganizationHub({ type }: { type: GroupType }) {
  const hub = HUBS[type];
  const { groups, current, choose, isPending, isError, retry } = useCurrentGroup();
  const mine = groups.filter((group) => group.type === type);
  const invitations = useInvitations();
  const waiting =
    invitations.data?.received.filter((invitation) => invitation.status === "pending" && invitation.groupType === type)
      .length ?? 0;
  const mineSection = (
    <Section title={hub.mine}>
      {waiting > 0 && (
        <p className="mb-4 text-sm">
          {waiting === 1 ? "An invitation to a group like this is" : `${waiting} invitations to groups like this are`}{" "}
          waiting for your answer:{" "}
          <Link to="/invitations" className={linkClass}>
            see your invitations
          </Link>
          .
        </p>
      )}
      {isPending || isError ? (
        // Not loaded (yet, or not on this device): nothing to say about which groups there are.
        <DataUnavailable
          what="your groups"
          failure="Your groups could not be loaded."
          failed={isError}
          onRetry={retry}
        />
      ) : mine.length === 0 ? (
        <p className="text-sm text-ink-muted">{hub.none}</p>
      ) : (
        <ul className="divide-y divide-line">
          {mine.map((group) => (
            <li key={group.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
              <GroupIcon type={group.type} className="size-5 shrink-0 text-brand" />
              <div className="min-w-0 flex-[1_1_12rem]">
                <p className="font-medium break-words">{group.name}</p>
                {!group.isPersonal && <MemberFaces group={group} />}
              </div>
              <div className="flex flex-wrap gap-2">
                {group.id !== current?.id && (
                  <button type="button" className={buttonClass.secondary} onClick={() => choose(group.id)}>
                    Switch to it<span className="sr-only">: {group.name}</span>
                  </button>
                )}
                <Link to={`/group-settings?id=${encodeURIComponent(group.id)}`} className={buttonClass.secondary}>
                  Settings<span className="sr-only"> of {group.name}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title={hub.title}>{hub.lead}</PageHeader>
      {type === "personal" && mineSection}

      <section aria-labelledby="uses-heading">
        <h2 id="uses-heading" className="text-lg font-semibold">
          What it is good for
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {hub.uses.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
              <p className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className="size-5 text-brand" />
                {title}
              </p>
              <p className="mt-1.5 text-sm text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Getting started">
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            {hub.steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </Section>
        <Section title="Good to know">
          <ul className="list-disc space-y-2 pl-5 text-sm">
            {hub.tips.map((tip, index) => (
              <li key={index}>{tip}</li>
            ))}
          </ul>
        </Section>
      </div>

      {type !== "personal" && mineSection}
      {type !== "personal" && (
        <Section
          title={`Create a ${type} group`}
          description="You become its owner. The categories you keep here are added to the ones every group starts with."
        >
          <CreateGroupForm type={type} />
        </Section>
      )}

      <p className="text-sm text-ink-muted">
        See all your groups on the{" "}
        <Link to="/groups" className={linkClass}>
          Groups
        </Link>{" "}
        page, and invitations waiting for you on{" "}
        <Link to="/invitations" className={linkClass}>
          Invitations
        </Link>
        .
      </p>
    </div>
  );
}
