import type { Settings } from "../../domain/settings";
import { apiFetch } from "./http";

export const settingsKeys = { all: ["settings"] as const };

export const getSettings = () => apiFetch<Settings>("/api/settings");
