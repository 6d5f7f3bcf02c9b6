import { z } from "zod";
import { storableText } from "./fields.js";
import { PASSWORD_MAX_LENGTH } from "./password-rules.js";

/** Request and response shapes of sign-in, shared by the server's routes and the web app. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: "Enter a valid email address" }));

export const localSignInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password").max(PASSWORD_MAX_LENGTH),
});

export const localSignUpSchema = z.object({
  name: storableText().trim().min(1, "Enter your name").max(100, "Use at most 100 characters"),
  email: emailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const interactionResultSchema = z.object({ redirectTo: z.string() });

export const interactionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.enum(["login", "consent", "other"]),
  clientName: z.string(),
  loginHint: z.string().nullable(),
  /** The tab the page opens on: "sign-up" when the app asked for account creation (the landing page's button). */
  screen: z.enum(["sign-in", "sign-up"]),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

export const issuerOptionSchema = z.object({ id: z.string(), name: z.string(), builtin: z.boolean() });
export type IssuerOption = z.infer<typeof issuerOptionSchema>;

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  avatarUrl: z.string().nullable(),
  /** The profile's language: it decides how the app writes times (domain/time-format.ts). Null until set. */
  locale: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

export { AUTH_MESSAGES } from "./auth-messages.js";

/** "all": the whole API; "calendar": an app password for calendar apps, accepted only at /dav. */
export const API_TOKEN_SCOPES = ["all", "calendar"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export const createApiTokenSchema = z.object({
  name: storableText().trim().min(1, "Give the token a name").max(60, "Use at most 60 characters"),
  scope: z.enum(API_TOKEN_SCOPES).default("all"),
});
