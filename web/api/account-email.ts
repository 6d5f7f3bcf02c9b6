import type { Notice, OutboxPage, ResetTarget, VerifiedEmail } from "../../domain/account-email";
import { apiFetch } from "./http";

/** Email verification, password reset and change of the built-in provider's accounts; the admin outbox. */

export const verifyEmail = (token: string) =>
  apiFetch<VerifiedEmail>("/api/auth/verify-email", { method: "POST", body: { token } });
export const resendVerification = () => apiFetch<Notice>("/api/auth/verify-email/resend", { method: "POST" });

export const forgotPassword = (email: string) =>
  apiFetch<Notice>("/api/auth/forgot-password", { method: "POST", body: { email } });
export const checkResetLink = (token: string) =>
  apiFetch<ResetTarget>("/api/auth/reset-password/check", { method: "POST", body: { token } });
export const resetPassword = (token: string, password: string) =>
  apiFetch<Notice>("/api/auth/reset-password", { method: "POST", body: { token, password } });

/** A signed-in user's new password (built-in sign-in); signs out their other browsers. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiFetch<Notice>("/api/account/password", { method: "POST", body: { currentPassword, newPassword } });

export function getOutbox(cursor: string | null, limit?: number): Promise<OutboxPage> {
  const query = new URLSearchParams();
  if (cursor) query.set("cursor", cursor);
  if (limit) query.set("limit", String(limit));
  const search = query.toString();
  return apiFetch<OutboxPage>(`/api/admin/outbox${search ? `?${search}` : ""}`);
}
