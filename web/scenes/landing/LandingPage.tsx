import {
  CalendarCheck,
  CloudOff,
  Layers,
  ListChecks,
  type LucideIcon,
  ServerCog,
  Sparkles,
  UserPlus,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { BUILTIN_ISSUER_ID, BUILTIN_SIGN_IN_ONLY } from "../../../domain/instance-config";
import { signInUrl } from "../../api/auth";
import { instanceConfig } from "../../api/instance-config";
// Taken from the running app by scripts/landing-screenshots.ts (docs/decisions.md, "Public site").
import deskDark from "./app-pictures/app-desk-dark.webp";
import deskDarkHalf from "./app-pictures/app-desk-dark-half.webp";
import deskLight from "./app-pictures/app-desk-light.webp";
import deskLightHalf from "./app-pictures/app-desk-light-half.webp";
import phoneDark from "./app-pictures/app-phone-dark.webp";
import phoneDarkHalf from "./app-pictures/app-phone-dark-half.webp";
import phoneLight from "./app-pictures/app-phone-light.webp";
import phoneLightHalf from "./app-pictures/app-phone-light-half.webp";

interface Feature {
  Icon: LucideIcon;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    Icon: ListChecks,
    title: "Tasks that hold the details",
    text: "Priority, category, deadline, notes and subtasks, with locking and sharing when a task belongs to more than one group.",
  },
  {
    Icon: Users,
    title: "Personal, family and team groups",
    text: "Invite people by email, see who owns what, and keep every member's list in sync live.",
  },
  {
    Icon: CloudOff,
    title: "Works offline",
    text: "An installable app that keeps every edit in a queue while you are offline and syncs it exactly once when you are back.",
  },
  {
    Icon: Layers,
    title: "Categories that fit your life",
    text: "Work Tasks, Personal Tasks, a shared Shopping List, Family Events and Other Tasks to start with; add your own with a colour and an icon.",
  },
  {
    Icon: CalendarCheck,
    title: "A dashboard for the week",
    text: "What is due today, what is overdue, what got done this week, by category and by person.",
  },
  {
    Icon: Sparkles,
    title: "Yours to take along",
    text: "Back up your tasks or a whole group as a file and restore them anywhere; an API token for your own scripts.",
  },
];

const PRIMARY = "rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink shadow-sm hover:bg-brand-hover";
const SECONDARY = "rounded-lg border border-line bg-surface px-5 py-2.5 font-semibold text-ink hover:bg-surface-muted";

/** One picture at full size and at half, in one theme. */
interface Picture {
  full: string;
  half: string;
}

/**
 * A picture of the app in the theme the page shows (the `dark` class), its size given so nothing
 * moves when it arrives, at the resolution the place needs (`sizes`). Lazy: the picture of the
 * other theme, and one hidden at this width, is never fetched (a lazy image without a box is not
 * loaded).
 */
function Screenshot({
  light,
  dark,
  width,
  height,
  sizes,
  alt,
}: {
  light: Picture;
  dark: Picture;
  width: number;
  height: number;
  sizes: string;
  alt: string;
}) {
  const image = (picture: Picture, className: string) => (
    <img
      src={picture.full}
      srcSet={`${picture.half} ${width / 2}w, ${picture.full} ${width}w`}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`h-auto w-full ${className}`}
    />
  );
  return (
    <>
      {image(light, "dark:hidden")}
      {image(dark, "hidden dark:block")}
    </>
  );
}

/** The app on a laptop with the same list on a phone beside it; on phones, the phone's alone. */
function ProductPicture() {
  return (
    <div className="relative mx-auto w-full max-w-xs lg:max-w-none lg:pb-10 lg:pl-12">
      <div className="hidden overflow-hidden rounded-xl border border-line bg-surface shadow-xl lg:block">
        <Screenshot
          light={{ full: deskLight, half: deskLightHalf }}
          dark={{ full: deskDark, half: deskDarkHalf }}
          width={1280}
          height={800}
          sizes="(min-width: 1280px) 600px, 50vw"
          alt={`${instanceConfig.name} on a laptop: a family's shared task list with deadlines, priorities and categories`}
        />
      </div>
      <div className="mx-auto w-56 overflow-hidden rounded-[2rem] border-[6px] border-slate-800 bg-surface shadow-2xl lg:absolute lg:bottom-0 lg:left-0 lg:mx-0 lg:w-36 lg:rounded-[1.5rem] lg:border-4 dark:border-slate-600">
        <Screenshot
          light={{ full: phoneLight, half: phoneLightHalf }}
          dark={{ full: phoneDark, half: phoneDarkHalf }}
          width={780}
          height={1688}
          sizes="(min-width: 1024px) 144px, 224px"
          alt={`${instanceConfig.name} on a phone: the same family list, with the bar to add a task at the bottom`}
        />
      </div>
    </div>
  );
}

/** The public front page: what Tandem is and why you would run it, and the ways in. */
export default function LandingPage() {
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-brand-soft to-canvas">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:gap-8 lg:py-20">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand uppercase">Open source · self-hosted</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              One task list for you, your family and your team.
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-ink-muted">
              {instanceConfig.name} keeps shared lists in sync across every phone and laptop, keeps working without a
              connection, and runs on a server you control.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {instanceConfig.builtinSignIn && (
                // Straight to the built-in provider's "Create account" tab (marked: the server drops it
                // from the prerendered page where that provider is off).
                <a
                  href={signInUrl(BUILTIN_ISSUER_ID, null, { screen: "sign-up" })}
                  {...{ [BUILTIN_SIGN_IN_ONLY]: "" }}
                  className={`${PRIMARY} inline-flex items-center gap-2`}
                >
                  <UserPlus aria-hidden="true" className="size-5" />
                  Create account
                </a>
              )}
              <Link to="/login" className={instanceConfig.builtinSignIn ? SECONDARY : PRIMARY}>
                Sign in
              </Link>
              <Link to="/about" className={SECONDARY}>
                Learn more about {instanceConfig.name}
              </Link>
            </div>
            <p className="mt-5 text-sm text-ink-muted">
              <Link to="/privacy-policy" className="text-brand underline underline-offset-2 hover:decoration-2">
                What this instance stores
              </Link>
            </p>
          </div>
          <ProductPicture />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What {instanceConfig.name} does
        </h2>
        <p className="mt-3 max-w-2xl text-ink-muted">
          Everything here works today, in the browser and in the installed app, online and off.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-line bg-surface p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-brand" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="own-heading" className="border-t border-line bg-surface">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-[auto_1fr] md:items-center">
          <ServerCog aria-hidden="true" className="size-12 text-brand" />
          <div>
            <h2 id="own-heading" className="text-2xl font-bold tracking-tight">
              Your data stays on your server
            </h2>
            <p className="mt-3 max-w-3xl text-ink-muted">
              One command starts {instanceConfig.name} with a SQLite file; point it at PostgreSQL when a household
              becomes an organisation. No third-party scripts, fonts or trackers are loaded: everything comes from this
              instance.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
