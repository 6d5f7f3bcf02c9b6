import { z } from "zod";
import { storableText } from "./fields.js";

/** Spec "contact": a message from the contact form to the instance's operator. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, messageMin: 10, message: 5000 } as const;

export const contactMessageSchema = z.object({
  name: storableText().trim().min(1, "Tell us your name").max(CONTACT_LIMITS.name),
  email: z.email("Give an email address we can answer").max(CONTACT_LIMITS.email),
  subject: storableText().trim().max(CONTACT_LIMITS.subject).default(""),
  message: storableText()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Write at least ${CONTACT_LIMITS.messageMin} characters`)
    .max(CONTACT_LIMITS.message),
  /**
   * A field people never see (the form hides it); a bot that fills in every field fills this one
   * too. Such a message is answered like any other and dropped.
   */
  website: storableText().max(200).default(""),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** A received message as instance admins see it. */
export const contactMessageViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Set when the sender was signed in. */
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;
